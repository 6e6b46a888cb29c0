<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ExportSettings</name>
    <message>
        <source>Split diagram</source>
        <translation>拆分图</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Execution trace</source>
        <translation>执行跟踪</translation>
    </message>
    <message>
        <source>Allocation trace</source>
        <translation>分配跟踪</translation>
    </message>
    <message>
        <source>Canvas view</source>
        <translation>画布视图</translation>
    </message>
    <message>
        <source>Buffer views</source>
        <translation>缓冲区视图</translation>
    </message>
</context>
<context>
    <name>ModelOptionsText</name>
    <message>
        <source>token %1 is empty</source>
        <translation>词元 %1 为空</translation>
    </message>
    <message>
        <source>token %1 &apos;%2&apos; is not an integer</source>
        <translation>词元 %1“%2”不是整数</translation>
    </message>
    <message>
        <source>token %1 (%2) is negative</source>
        <translation>词元 %1（%2）为负数</translation>
    </message>
    <message>
        <source>token %1 (%2) is outside the vocabulary [0, %3)</source>
        <translation>词元 %1（%2）超出词表范围 [0, %3)</translation>
    </message>
    <message>
        <source>token %1 (%2) is too large</source>
        <translation>词元 %1（%2）过大</translation>
    </message>
    <message>
        <source>n_ctx must be positive, got %1</source>
        <translation>n_ctx 必须为正数，实际为 %1</translation>
    </message>
    <message>
        <source>n_batch must be positive, got %1</source>
        <translation>n_batch 必须为正数，实际为 %1</translation>
    </message>
    <message>
        <source>n_past must not be negative, got %1</source>
        <translation>n_past 不能为负数，实际为 %1</translation>
    </message>
    <message>
        <source>ngl must not be negative, got %1</source>
        <translation>ngl 不能为负数，实际为 %1</translation>
    </message>
    <message>
        <source>n_batch %1 exceeds n_ctx %2</source>
        <translation>n_batch %1 超过 n_ctx %2</translation>
    </message>
    <message>
        <source>n_past + n_batch = %1 exceeds n_ctx %2</source>
        <translation>n_past + n_batch = %1 超过 n_ctx %2</translation>
    </message>
    <message>
        <source>the prompt has %1 token ids but n_batch is %2</source>
        <translation>提示词有 %1 个词元 ID，但 n_batch 为 %2</translation>
    </message>
    <message>
        <source>Not in the 2026 era yet: llama.cpp 2026 sizes its compute buffer with every KV cell, from cell 0</source>
        <translation>2026 时代尚不支持：llama.cpp 2026 按全部 KV 单元（从单元 0 起）确定计算缓冲区大小</translation>
    </message>
    <message>
        <source>Not in the 2026 era yet: every layer is on the CPU there (View &gt; Allocator &gt; ggml 2023 offloads layers)</source>
        <translation>2026 时代尚不支持：那里每一层都在 CPU 上（视图 &gt; 分配器 &gt; ggml 2023 可卸载层）</translation>
    </message>
    <message>
        <source>Not in the 2026 era yet: llama.cpp 2026 reserves with every KV cell already, so there is no separate worst-case graph</source>
        <translation>2026 时代尚不支持：llama.cpp 2026 本就按全部 KV 单元预留，因此没有单独的最坏情况图</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023 had no ubatch (a graph is n_batch tokens)</source>
        <translation>2023 时代不支持：llama.cpp 2023 没有 ubatch（一个图含 n_batch 个词元）</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023&apos;s graph holds one sequence</source>
        <translation>2023 时代不支持：llama.cpp 2023 的图只容纳一个序列</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023 had no flash attention</source>
        <translation>2023 时代不支持：llama.cpp 2023 没有 flash attention</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023 stores K and V as f16 or f32</source>
        <translation>2023 时代不支持：llama.cpp 2023 以 f16 或 f32 存储 K 和 V</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023 stores K and V as one type, the K field&apos;s</source>
        <translation>2023 时代不支持：llama.cpp 2023 以同一类型（K 字段的类型）存储 K 和 V</translation>
    </message>
    <message>
        <source>n_ubatch must be 0 (n_batch) or positive, got %1</source>
        <translation>n_ubatch 必须为 0（即 n_batch）或正数，实际为 %1</translation>
    </message>
    <message>
        <source>the sequences must be 1 to 256, got %1</source>
        <translation>序列数必须为 1 到 256，实际为 %1</translation>
    </message>
    <message>
        <source>a quantized V cache needs flash attention (auto or on)</source>
        <translation>量化的 V cache 需要 flash attention（auto 或 on）</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Shows how ggml&apos;s allocator and scheduler place every tensor of a compute graph.</source>
        <translation>展示 ggml 的分配器和调度器如何放置计算图中的每个张量。</translation>
    </message>
    <message>
        <source>Render the main window to a PNG file and exit.</source>
        <translation>将主窗口渲染为 PNG 文件后退出。</translation>
    </message>
    <message>
        <source>OUT.png</source>
        <translation>OUT.png</translation>
    </message>
    <message>
        <source>Open the plan at step N (N allocator events applied).</source>
        <translation>在第 N 步打开计划（已应用 N 个分配器事件）。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>FILE</translation>
    </message>
    <message>
        <source>A graph (.json), model (.gguf) or ggml DOT dump (.dot) to open; without one the embedded %1 model opens with an 8-token prompt.</source>
        <translation>要打开的图（.json）、模型（.gguf）或 ggml DOT 转储（.dot）；未指定时打开内置的 %1 模型，并使用 8 个词元的提示词。</translation>
    </message>
    <message>
        <source>[FILE]</source>
        <translation>[FILE]</translation>
    </message>
    <message>
        <source>expected at most one FILE, got %1</source>
        <translation>最多只能指定一个 FILE，实际为 %1 个</translation>
    </message>
    <message>
        <source>--step takes a number of steps, not &apos;%1&apos;</source>
        <translation>--step 需要步数，而不是“%1”</translation>
    </message>
    <message>
        <source>BACKENDS</source>
        <translation>BACKENDS</translation>
    </message>
    <message>
        <source>With --schedule: show the split overview.</source>
        <translation>与 --schedule 一起使用：显示拆分概览。</translation>
    </message>
    <message>
        <source>--split-overview needs --schedule</source>
        <translation>--split-overview 需要 --schedule</translation>
    </message>
    <message>
        <source>Re-plan the model with N layers on the second backend, as the what-if bar&apos;s ngl.</source>
        <translation>以第二个后端上的 N 层重新规划模型，同假设工具栏中的 ngl。</translation>
    </message>
    <message>
        <source>Bring PANEL to the front: peak, causes (with --schedule) or devices=PROFILE,... (the Devices dock with those GPUs).</source>
        <translation>将 PANEL 置于前台：peak、causes（需 --schedule）或 devices=配置,...（含这些 GPU 的设备停靠窗）。</translation>
    </message>
    <message>
        <source>PANEL</source>
        <translation>PANEL</translation>
    </message>
    <message>
        <source>--ngl takes a number of layers, not &apos;%1&apos;</source>
        <translation>--ngl 需要层数，而不是“%1”</translation>
    </message>
    <message>
        <source>VERSION</source>
        <translation>VERSION</translation>
    </message>
    <message>
        <source>--ggml is 2023 or 2026, not &apos;%1&apos;</source>
        <translation>--ggml 应为 2023 或 2026，而不是“%1”</translation>
    </message>
    <message>
        <source>With --ggml 2026: the buffer type&apos;s maximum size in bytes, as View &gt; Allocator &gt; Maximum Buffer Size.</source>
        <translation>与 --ggml 2026 一起使用：缓冲区类型的最大大小（字节），同 视图 &gt; 分配器 &gt; 最大缓冲区大小。</translation>
    </message>
    <message>
        <source>--max-buffer-size takes a positive number of bytes, not &apos;%1&apos;</source>
        <translation>--max-buffer-size 需要正的字节数，而不是“%1”</translation>
    </message>
    <message>
        <source>--max-buffer-size goes with --ggml 2026</source>
        <translation>--max-buffer-size 需与 --ggml 2026 一起使用</translation>
    </message>
    <message>
        <source>--schedule does not apply to a GGML_SCHED_DEBUG log: it shows the assignment it printed</source>
        <translation>--schedule 不适用于 GGML_SCHED_DEBUG 日志：它显示日志中打印的分配</translation>
    </message>
    <message>
        <source>Plan, schedule and run as ggml VERSION, 2023 or 2026 (a .gguf model&apos;s default), as View &gt; Allocator.</source>
        <translation>按 ggml VERSION 规划、调度和运行，2023 或 2026（.gguf 模型的默认值），同 视图 &gt; 分配器。</translation>
    </message>
    <message>
        <source>Schedule the graph on BACKENDS (e.g. cpu,opencl) as Schedule (F7) does, or with devices=PROFILE,... plan a model on those device profiles as the Devices dock&apos;s Plan on These Devices does.</source>
        <translation>像“调度”(F7) 一样将图调度到 BACKENDS(例如 cpu,opencl)上;或用 devices=PROFILE,... 像“设备”停靠窗口的“在这些设备上规划”一样在这些设备配置上规划模型。</translation>
    </message>
</context>
<context>
    <name>planscope::ui::AssignmentModel</name>
    <message>
        <source>user</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>1 · buffers</source>
        <translation>1 · 缓冲区</translation>
    </message>
    <message>
        <source>2 · sources</source>
        <translation>2 · 源</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <source>3 · unassigned</source>
        <translation>3 · 未分配</translation>
    </message>
    <message>
        <source>4 · copy</source>
        <translation>4 · 复制</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>2 · expand</source>
        <translation>2 · 扩展</translation>
    </message>
    <message>
        <source>3 · upgrade</source>
        <translation>3 · 升级</translation>
    </message>
    <message>
        <source>4 · remaining</source>
        <translation>4 · 其余</translation>
    </message>
    <message>
        <source>5 · copy</source>
        <translation>5 · 复制</translation>
    </message>
    <message>
        <source>log</source>
        <translation>日志</translation>
    </message>
</context>
<context>
    <name>planscope::ui::AssignmentReplay</name>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>User assignment</source>
        <translation>用户指定</translation>
    </message>
    <message>
        <source>Pass 1: buffers</source>
        <translation>阶段 1：缓冲区</translation>
    </message>
    <message>
        <source>Pass 2: sources</source>
        <translation>阶段 2：源</translation>
    </message>
    <message>
        <source>Unsupported op</source>
        <translation>不支持的算子</translation>
    </message>
    <message>
        <source>Pass 3: unassigned sources</source>
        <translation>阶段 3：未分配的源</translation>
    </message>
    <message>
        <source>Pass 4: split copies</source>
        <translation>阶段 4：分段复制</translation>
    </message>
    <message>
        <source>%1 — %2 → %3 (%4)</source>
        <translation>%1 — %2 → %3（%4）</translation>
    </message>
    <message>
        <source>Laying out the graph for the replay…</source>
        <translation>正在为回放布局计算图…</translation>
    </message>
    <message>
        <source>Replay stopped: the layout was cancelled</source>
        <translation>回放已停止：布局已取消</translation>
    </message>
    <message numerus="yes">
        <source>Pass 4: laying out %n split(s)…</source>
        <translation>
            <numerusform>阶段 4：正在布局 %n 个分段…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replayed %n assignment(s)</source>
        <translation>
            <numerusform>已回放 %n 个分配</numerusform>
        </translation>
    </message>
    <message>
        <source>backend %1 · %2 (%3)</source>
        <translation>后端 %1 · %2（%3）</translation>
    </message>
    <message>
        <source>Pass 2: expand to neighbours</source>
        <translation>阶段 2：扩展到相邻节点</translation>
    </message>
    <message>
        <source>Pass 3: upgrade and best backend</source>
        <translation>阶段 3：升级与最佳后端</translation>
    </message>
    <message>
        <source>Pass 4: remaining sources</source>
        <translation>阶段 4：其余来源</translation>
    </message>
    <message>
        <source>Pass 5: split copies</source>
        <translation>阶段 5：分段复制</translation>
    </message>
    <message>
        <source>As the log printed it</source>
        <translation>按日志所打印</translation>
    </message>
</context>
<context>
    <name>planscope::ui::BlockItem</name>
    <message>
        <source>%1 %2
%3
Click to open a block (the cell under the mouse)</source>
        <translation>%1 %2
%3
单击以展开一个块（鼠标下方的单元格）</translation>
    </message>
    <message>
        <source>%1
%2
Click the header to close it</source>
        <translation>%1
%2
单击标题栏可将其收起</translation>
    </message>
</context>
<context>
    <name>planscope::ui::BlockText</name>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>%1 nodes each</source>
        <translation>每块 %1 个节点</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <source>%1 results</source>
        <translation>结果 %1</translation>
    </message>
    <message>
        <source>%1 weights</source>
        <translation>权重 %1</translation>
    </message>
    <message>
        <source>split %1</source>
        <translation>拆分 %1</translation>
    </message>
    <message>
        <source>splits %1–%2</source>
        <translation>拆分 %1–%2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::Breakpoints</name>
    <message>
        <source>Next inplace reuse</source>
        <translation>下一次就地复用</translation>
    </message>
    <message>
        <source>Next refused reuse</source>
        <translation>下一次拒绝复用</translation>
    </message>
    <message>
        <source>Next allocation from the last block</source>
        <translation>下一次从最后一个块分配</translation>
    </message>
    <message>
        <source>Next failure</source>
        <translation>下一次失败</translation>
    </message>
    <message>
        <source>Next split</source>
        <translation>下一个分段</translation>
    </message>
    <message>
        <source>inplace reuse</source>
        <translation>就地复用</translation>
    </message>
    <message>
        <source>refused reuse</source>
        <translation>拒绝复用</translation>
    </message>
    <message>
        <source>allocation from the last block</source>
        <translation>从最后一个块分配</translation>
    </message>
    <message>
        <source>failure</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>start of a split</source>
        <translation>拆分的开始</translation>
    </message>
    <message>
        <source>Breakpoint at step %1: tensor %2</source>
        <translation>第 %1 步的断点：张量 %2</translation>
    </message>
    <message>
        <source>Breakpoint at step %1: %2</source>
        <translation>第 %1 步的断点：%2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::BufferListModel</name>
    <message>
        <source>Buffer</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Alignment</source>
        <translation>对齐</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>llama.cpp prints: %1</source>
        <translation>llama.cpp 输出：%1</translation>
    </message>
    <message>
        <source>llama.cpp</source>
        <translation>llama.cpp</translation>
    </message>
    <message>
        <source>%1 (prompt graph)</source>
        <translation>%1（提示词图）</translation>
    </message>
    <message>
        <source>llama.cpp reserves: %1 (worst-case graph)
prompt graph: %2</source>
        <translation>llama.cpp 预留：%1（最坏情况图）
提示词图：%2</translation>
    </message>
    <message>
        <source>llama.cpp reserves: not planned (%1)
prompt graph: %2</source>
        <translation>llama.cpp 预留：未规划（%1）
提示词图：%2</translation>
    </message>
    <message>
        <source>prompt graph: %1 (llama.cpp reserves with its worst-case graph)</source>
        <translation>提示词图：%1（llama.cpp 按其最坏情况图预留）</translation>
    </message>
    <message>
        <source>llama.cpp da46e59c reserves: %1 (after its prompt, one-token and prompt graphs)
this prompt graph alone: %2</source>
        <translation>llama.cpp da46e59c 预留：%1（在其提示图、单词元图和提示图之后）
仅此提示图：%2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::BufferView</name>
    <message>
        <source>tensor %1</source>
        <translation>张量 %1</translation>
    </message>
    <message>
        <source>%1 at offset %2, %3</source>
        <translation>%1，偏移 %2，%3</translation>
    </message>
    <message>
        <source>Free block</source>
        <translation>空闲块</translation>
    </message>
    <message>
        <source>never freed (the free covered only a prefix)</source>
        <translation>从未释放（释放仅覆盖了前缀部分）</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>inplace: reuses the memory of %1</source>
        <translation>就地：复用 %1 的内存</translation>
    </message>
    <message>
        <source>view of %1</source>
        <translation>%1 的视图</translation>
    </message>
    <message>
        <source>offset %1, %2</source>
        <translation>偏移 %1，%2</translation>
    </message>
    <message>
        <source>No allocation recorded</source>
        <translation>没有记录到分配</translation>
    </message>
    <message>
        <source>%1 (%2): pre-allocated, %3</source>
        <translation>%1（%2）：预分配，%3</translation>
    </message>
    <message>
        <source>%1 — %2 live, high-water %3</source>
        <translation>%1 — 使用中 %2，高水位 %3</translation>
    </message>
    <message numerus="yes">
        <source>Pre-allocated — %n buffer(s), %1</source>
        <translation>
            <numerusform>预分配 — %n 个缓冲区，%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %2, %n tensor(s)</source>
        <translation>
            <numerusform>%1：%2，%n 个张量</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2 live</source>
        <translation>%1 — 使用中 %2</translation>
    </message>
    <message>
        <source>Pre-allocated — %1</source>
        <translation>预分配 — %1</translation>
    </message>
    <message>
        <source>Pre-allocated</source>
        <translation>预分配</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::BuffersPanel</name>
    <message>
        <source>llama.cpp da46e59c&apos;s memory by buffer type:</source>
        <translation>llama.cpp da46e59c 按缓冲区类型的内存：</translation>
    </message>
    <message>
        <source>What llama_memory_breakdown prints for this model and context, and the output buffer</source>
        <translation>llama_memory_breakdown 为此模型和上下文打印的内容，以及输出缓冲区</translation>
    </message>
</context>
<context>
    <name>planscope::ui::CanvasHint</name>
    <message>
        <source>Got it</source>
        <translation>知道了</translation>
    </message>
    <message>
        <source>&lt;b&gt;Click a tensor&lt;/b&gt; to see where it lives and why (Inspector, Why panel).</source>
        <translation>&lt;b&gt;单击张量&lt;/b&gt;可查看它位于何处以及原因（检查器、原因面板）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;F10&lt;/b&gt; steps through the allocator&apos;s plan, &lt;b&gt;F5&lt;/b&gt; plays it; &lt;b&gt;Home&lt;/b&gt; / &lt;b&gt;End&lt;/b&gt; go to the first / last step; &lt;b&gt;F9&lt;/b&gt; sets a breakpoint on the selected tensor.</source>
        <translation>&lt;b&gt;F10&lt;/b&gt; 单步执行分配器的计划，&lt;b&gt;F5&lt;/b&gt; 播放；&lt;b&gt;Home&lt;/b&gt; / &lt;b&gt;End&lt;/b&gt; 转到第一步 / 最后一步；&lt;b&gt;F9&lt;/b&gt; 在所选张量上设置断点。</translation>
    </message>
    <message>
        <source>The &lt;b&gt;Peak&lt;/b&gt; tab lists what is live when a compute buffer is fullest.</source>
        <translation>&lt;b&gt;峰值&lt;/b&gt;标签页列出计算缓冲区最满时正在使用的内容。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Help → Keyboard Shortcuts&lt;/b&gt; lists every key.</source>
        <translation>&lt;b&gt;帮助 → 键盘快捷键&lt;/b&gt;列出所有按键。</translation>
    </message>
    <message>
        <source>Getting started</source>
        <translation>入门</translation>
    </message>
    <message>
        <source>&lt;b&gt;F7&lt;/b&gt; schedules the graph over the backends. A llama model leaves the CPU only for the layers &lt;b&gt;ngl&lt;/b&gt; puts on the second backend (what-if bar, remembered): at 0 it runs in one split. The Splits dock&apos;s &lt;b&gt;Causes&lt;/b&gt; tab says why it splits.</source>
        <translation>&lt;b&gt;F7&lt;/b&gt; 将图分配到各后端。llama 模型只有 &lt;b&gt;ngl&lt;/b&gt; 放到第二个后端的层才离开 CPU（假设栏，会被记住）：为 0 时只有一个拆分。拆分面板的&lt;b&gt;原因&lt;/b&gt;标签页说明拆分的原因。</translation>
    </message>
</context>
<context>
    <name>planscope::ui::CapturePanel</name>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Open a capture (.pscap, planscope-cli capture -- COMMAND) to list its records here.</source>
        <translation>打开一个捕获文件(.pscap,planscope-cli capture -- COMMAND),在此列出其记录。</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n run(s), %2 graph records; record %3 is open (activate another to open it)</source>
        <translation>
            <numerusform>%1:%n 次运行,%2 个图记录;记录 %3 已打开(激活另一条即可打开)</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>planscope::ui::CaptureRecordModel</name>
    <message>
        <source>Run %1: %2</source>
        <translation>运行 %1:%2</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Splits</source>
        <translation>拆分</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation>实际耗时</translation>
    </message>
    <message>
        <source>Compute buffers</source>
        <translation>计算缓冲区</translation>
    </message>
</context>
<context>
    <name>planscope::ui::CompareDialog</name>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>Compare planners — %1</source>
        <translation>比较规划器 — %1</translation>
    </message>
    <message>
        <source>Planner &amp;A:</source>
        <translation>规划器 A(&amp;A)：</translation>
    </message>
    <message>
        <source>Planner &amp;B:</source>
        <translation>规划器 B(&amp;B)：</translation>
    </message>
    <message>
        <source>Cannot plan %1: %2</source>
        <translation>无法规划 %1：%2</translation>
    </message>
    <message>
        <source>Planning… (best searches up to %1 ms)</source>
        <translation>正在规划…（最优搜索最多 %1 毫秒）</translation>
    </message>
    <message>
        <source>Planning failed: %1</source>
        <translation>规划失败：%1</translation>
    </message>
    <message>
        <source>Lower bound %1; %2 of %3 tensors moved</source>
        <translation>下界 %1；%3 个张量中有 %2 个被移动</translation>
    </message>
    <message>
        <source>node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>live</source>
        <translation>使用中</translation>
    </message>
    <message>
        <source>%1 in use</source>
        <translation>已使用 %1</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DeviceBarsView</name>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>compute buffer</source>
        <translation>计算缓冲区</translation>
    </message>
    <message>
        <source>free memory (the limit)</source>
        <translation>可用内存（上限）</translation>
    </message>
    <message>
        <source>free less the margin</source>
        <translation>可用内存减去余量</translation>
    </message>
    <message>
        <source>%1 weights: %2</source>
        <translation>%1 权重：%2</translation>
    </message>
    <message>
        <source>%1 KV cache: %2</source>
        <translation>%1 KV 缓存：%2</translation>
    </message>
    <message>
        <source>%1 compute buffer: %2</source>
        <translation>%1 计算缓冲区：%2</translation>
    </message>
    <message>
        <source>%1: %2 free of %3</source>
        <translation>%1：%3 中可用 %2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DeviceChoice</name>
    <message>
        <source>&apos;%1&apos; is not a number</source>
        <translation>“%1”不是数字</translation>
    </message>
    <message>
        <source>%1 is negative</source>
        <translation>%1 为负数</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DeviceMemoryModel</name>
    <message>
        <source>fits, %1 free</source>
        <translation>可容纳，剩余 %1</translation>
    </message>
    <message>
        <source>within the margin: %1 free, under the %2 margin</source>
        <translation>在余量之内：剩余 %1，少于 %2 的余量</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>compute buffer</source>
        <translation>计算缓冲区</translation>
    </message>
    <message>
        <source>over by %1: %2 %3 is the largest share</source>
        <translation>超出 %1：%2 %3 占比最大</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>可容纳</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>无法容纳</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DeviceSweep</name>
    <message>
        <source>&apos;%1&apos; is not a number</source>
        <translation>“%1”不是数字</translation>
    </message>
    <message>
        <source>%1 is below %2</source>
        <translation>%1 小于 %2</translation>
    </message>
    <message>
        <source>no values</source>
        <translation>没有值</translation>
    </message>
    <message>
        <source>%1-%2 runs backwards</source>
        <translation>%1-%2 是倒序的</translation>
    </message>
    <message>
        <source>more than %1 values</source>
        <translation>超过 %1 个值</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DevicesPanel</name>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>No &amp;KV offload</source>
        <translation>不卸载 KV(&amp;K)</translation>
    </message>
    <message>
        <source>No &amp;op offload</source>
        <translation>不卸载算子(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Find Best</source>
        <translation>查找最佳(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Use It</source>
        <translation>使用(&amp;U)</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>放置</translation>
    </message>
    <message>
        <source>Most layers on the GPUs (ngl)</source>
        <translation>GPU 上最多的层数（ngl）</translation>
    </message>
    <message>
        <source>Longest context (n_ctx)</source>
        <translation>最长上下文（n_ctx）</translation>
    </message>
    <message>
        <source>Fewest layers&apos; experts on the CPU (n-cpu-moe)</source>
        <translation>专家留在 CPU 上的最少层数（n-cpu-moe）</translation>
    </message>
    <message>
        <source>ngl and n-cpu-moe go to the placement; a context re-plans the model</source>
        <translation>ngl 和 n-cpu-moe 写入放置选项；上下文会重新规划模型</translation>
    </message>
    <message>
        <source>S&amp;earch:</source>
        <translation>搜索(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <source>Load &amp;Profile…</source>
        <translation>加载配置文件(&amp;P)…</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>F&amp;ree:</source>
        <translation>可用(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Total:</source>
        <translation>总计(&amp;T)：</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s -ngl: the last N repeating layers and the output on the GPUs</source>
        <translation>llama.cpp 的 -ngl：最后 N 个重复层和输出层放在 GPU 上</translation>
    </message>
    <message>
        <source>by free memory</source>
        <translation>按可用内存</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s --tensor-split: the layers&apos; proportions per GPU, e.g. 3,1</source>
        <translation>llama.cpp 的 --tensor-split：各 GPU 的层比例，例如 3,1</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s --n-cpu-moe: the experts of the first N layers stay on the CPU</source>
        <translation>llama.cpp 的 --n-cpu-moe：前 N 层的专家留在 CPU 上</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s --no-kv-offload: the KV cache in host memory</source>
        <translation>llama.cpp 的 --no-kv-offload：KV 缓存放在主机内存中</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s --no-op-offload: large-batch ops on host weights stay on the CPU</source>
        <translation>llama.cpp 的 --no-op-offload：使用主机内存中权重的大批量算子留在 CPU 上</translation>
    </message>
    <message>
        <source>Memory each device keeps free (llama.cpp&apos;s --fit-target)</source>
        <translation>每个设备保留的空闲内存（llama.cpp 的 --fit-target）</translation>
    </message>
    <message>
        <source>&amp;Layers on GPUs:</source>
        <translation>GPU 上的层数(&amp;L)：</translation>
    </message>
    <message>
        <source>Tensor &amp;split:</source>
        <translation>张量拆分(&amp;S)：</translation>
    </message>
    <message>
        <source>E&amp;xperts on CPU:</source>
        <translation>CPU 上的专家(&amp;X)：</translation>
    </message>
    <message>
        <source>&amp;Margin:</source>
        <translation>余量(&amp;M)：</translation>
    </message>
    <message>
        <source>Cannot Load Device Profile</source>
        <translation>无法加载设备配置文件</translation>
    </message>
    <message>
        <source>%1

The devices are kept.</source>
        <translation>%1

设备保持不变。</translation>
    </message>
    <message>
        <source>%1 free of %2</source>
        <translation>%2 中可用 %1</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1：%2（%3）</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Host: %1 (%2)</source>
        <translation>主机：%1（%2）</translation>
    </message>
    <message>
        <source>Load Device Profile</source>
        <translation>加载设备配置文件</translation>
    </message>
    <message>
        <source>Device profiles (*.json);;All files (*)</source>
        <translation>设备配置文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open a .gguf model to fit it to devices.</source>
        <translation>打开一个 .gguf 模型以将其适配到设备。</translation>
    </message>
    <message>
        <source>n_ctx %1, n_batch %2, n_ubatch %3, flash attention %4; %5 of %6 layers on the GPUs</source>
        <translation>n_ctx %1，n_batch %2，n_ubatch %3，flash attention %4；%6 层中有 %5 层在 GPU 上</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message numerus="yes">
        <source>Best %1: %2 (%n plan(s))</source>
        <translation>
            <numerusform>最佳 %1：%2（%n 个计划）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Nothing in range fits (%n plan(s))</source>
        <translation>
            <numerusform>范围内没有可容纳的设置（%n 个计划）</numerusform>
        </translation>
    </message>
    <message>
        <source>Bars</source>
        <translation>条形图</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Build the document on these devices and placement and split it over them as llama.cpp would: replay, step and export it (nothing runs)</source>
        <translation>按这些设备和放置方式构建文档,并像 llama.cpp 一样在其上拆分:可重放、单步和导出(不会运行)</translation>
    </message>
    <message>
        <source>Build the document for this machine again, to run it</source>
        <translation>重新为本机构建文档,以便运行</translation>
    </message>
    <message>
        <source>The document is planned for this machine.</source>
        <translation>文档按本机规划。</translation>
    </message>
    <message>
        <source>The document is planned on %1 (the Splits dock shows the split).</source>
        <translation>文档规划在 %1 上(拆分停靠窗口显示拆分)。</translation>
    </message>
    <message>
        <source>Pla&amp;n on These Devices</source>
        <translation>在这些设备上规划(&amp;N)</translation>
    </message>
    <message>
        <source>Plan on This Mac&amp;hine</source>
        <translation>在本机上规划(&amp;H)</translation>
    </message>
    <message>
        <source>This Machine&apos;s &amp;OpenCL Device</source>
        <translation>本机的 &amp;OpenCL 设备</translation>
    </message>
    <message>
        <source>This Machine&apos;s &amp;CPU as the Host</source>
        <translation>本机 &amp;CPU 作为主机</translation>
    </message>
    <message>
        <source>RPC Servers of the Schedule</source>
        <translation>调度使用的 RPC 服务器</translation>
    </message>
</context>
<context>
    <name>planscope::ui::EdgeText</name>
    <message numerus="yes">
        <source>%n edge(s), the first %1 → %2</source>
        <translation>
            <numerusform>%n 条边，第一条 %1 → %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, read outside the block</source>
        <translation>%1，在块外被读取</translation>
    </message>
    <message>
        <source>src%1 of %2: %3</source>
        <translation>%2 的 src%1：%3</translation>
    </message>
</context>
<context>
    <name>planscope::ui::EventLogModel</name>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Buffer</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>planscope::ui::EventLogPanel</name>
    <message>
        <source>All events</source>
        <translation>所有事件</translation>
    </message>
    <message>
        <source>Filter events…</source>
        <translation>筛选事件…</translation>
    </message>
</context>
<context>
    <name>planscope::ui::EventText</name>
    <message>
        <source>buffer %1</source>
        <translation>缓冲区 %1</translation>
    </message>
    <message>
        <source>failed (%1): %2 does not fit in %3, it needs %4 bytes and the largest free block has %5</source>
        <translation>失败（%1）：%2 放不进 %3，需要 %4 字节，而最大的空闲块只有 %5</translation>
    </message>
    <message>
        <source>failed (%1): freeing %2 (%3 bytes) in %4 would need more than %5 free blocks</source>
        <translation>失败（%1）：在 %4 中释放 %2（%3 字节）将需要超过 %5 个空闲块</translation>
    </message>
    <message>
        <source>failed (%1): %2</source>
        <translation>失败（%1）：%2</translation>
    </message>
    <message>
        <source>new block</source>
        <translation>新块</translation>
    </message>
    <message>
        <source>merged with previous</source>
        <translation>与前一块合并</translation>
    </message>
    <message>
        <source>merged with next</source>
        <translation>与后一块合并</translation>
    </message>
    <message>
        <source>merged with both</source>
        <translation>与前后两块合并</translation>
    </message>
    <message>
        <source>external</source>
        <translation>外部</translation>
    </message>
    <message>
        <source>other children</source>
        <translation>还有其他子节点</translation>
    </message>
    <message>
        <source>has views</source>
        <translation>存在视图</translation>
    </message>
    <message>
        <source>layout differs</source>
        <translation>布局不同</translation>
    </message>
    <message>
        <source>view source shared</source>
        <translation>视图源被共享</translation>
    </message>
    <message>
        <source>view offset not 0</source>
        <translation>视图偏移不为 0</translation>
    </message>
    <message>
        <source>out of space</source>
        <translation>空间不足</translation>
    </message>
    <message>
        <source>too many free blocks</source>
        <translation>空闲块过多</translation>
    </message>
    <message>
        <source>invalid graph</source>
        <translation>无效的图</translation>
    </message>
    <message numerus="yes">
        <source>%1 (measure): alignment %2, %n free block(s)</source>
        <translation>
            <numerusform>%1（测量）：对齐 %2，%n 个空闲块</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: alignment %2, %n free block(s)</source>
        <translation>
            <numerusform>%1：对齐 %2，%n 个空闲块</numerusform>
        </translation>
    </message>
    <message>
        <source>alloc %1: %2 bytes at %3 from block %4 of %5 (the last block)</source>
        <translation>分配 %1：%2 字节，位于 %3，取自 %5 个块中的块 %4（最后一个块）</translation>
    </message>
    <message>
        <source>alloc %1: %2 bytes at %3 from block %4 of %5</source>
        <translation>分配 %1：%2 字节，位于 %3，取自 %5 个块中的块 %4</translation>
    </message>
    <message>
        <source>free %1: %2 bytes at %3, %4 → %5</source>
        <translation>释放 %1：%2 字节，位于 %3，%4 → %5</translation>
    </message>
    <message>
        <source>reset %1 → %2</source>
        <translation>重置 %1 → %2</translation>
    </message>
    <message>
        <source>node %1 %2 (%3)</source>
        <translation>节点 %1 %2（%3）</translation>
    </message>
    <message>
        <source>barrier at parse_seq[%1]</source>
        <translation>parse_seq[%1] 处的屏障</translation>
    </message>
    <message>
        <source>view %1 of %2 at %3 (pre-allocated source)</source>
        <translation>%2 的视图 %1，位于 %3（预分配的源）</translation>
    </message>
    <message>
        <source>view %1 of %2 at %3</source>
        <translation>%2 的视图 %1，位于 %3</translation>
    </message>
    <message>
        <source>inplace %1 reuses %2 at %3</source>
        <translation>就地：%1 复用 %2，位于 %3</translation>
    </message>
    <message>
        <source>not reusing %1 for %2: %3</source>
        <translation>不将 %1 复用于 %2：%3</translation>
    </message>
    <message>
        <source>max_size of %1: %2 bytes</source>
        <translation>%1 的 max_size：%2 字节</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>view, not own</source>
        <translation>视图，非自有</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ExportController</name>
    <message>
        <source>An export is still running.</source>
        <translation>仍有导出正在进行。</translation>
    </message>
    <message>
        <source>Choose a file to export to.</source>
        <translation>请选择要导出到的文件。</translation>
    </message>
    <message>
        <source>%1 is not written as %2.</source>
        <translation>%1 不能以 %2 格式写入。</translation>
    </message>
    <message>
        <source>There are no buffer views to export.</source>
        <translation>没有可导出的缓冲区视图。</translation>
    </message>
    <message>
        <source>%1: there is nothing to draw.</source>
        <translation>%1：没有可绘制的内容。</translation>
    </message>
    <message>
        <source>a host CPU profile with compute_tflops (Devices dock: Add &gt; Load Profile…) gives the CPU&apos;s peak</source>
        <translation>带 compute_tflops 的主机 CPU 配置(设备停靠窗口:添加 &gt; 加载配置…)给出 CPU 的峰值</translation>
    </message>
    <message>
        <source>A capture&apos;s execution trace would run the graph, and a capture holds no tensor data: export its plan or split diagram.</source>
        <translation>捕获的执行跟踪需要运行图,而捕获不含张量数据:请导出其计划或拆分图。</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>None (one split on the compute buffer&apos;s backend)</source>
        <translation>无（在计算缓冲区的后端上作为一个拆分）</translation>
    </message>
    <message>
        <source>Split the graph with the scheduler on these backends, as planscope-cli --backends</source>
        <translation>使用调度器在这些后端上拆分图，同 planscope-cli --backends</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;What:</source>
        <translation>内容(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Backends:</source>
        <translation>后端(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Output file:</source>
        <translation>输出文件(&amp;O)：</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
    <message>
        <source>Export To</source>
        <translation>导出到</translation>
    </message>
    <message>
        <source>%1 (ggml&apos;s allocator, default)</source>
        <translation>%1（ggml 的分配器，默认）</translation>
    </message>
    <message>
        <source>Whose offsets the export shows, as planscope-cli --planner</source>
        <translation>导出使用哪个规划器的偏移，同 planscope-cli --planner</translation>
    </message>
    <message>
        <source>&amp;Planner:</source>
        <translation>规划器(&amp;P)：</translation>
    </message>
    <message>
        <source>Fold repeated blocks into boxes, as the canvas</source>
        <translation>将重复块折叠为方框，与画布相同</translation>
    </message>
</context>
<context>
    <name>planscope::ui::FileController</name>
    <message>
        <source>Graphs, models and ggml DOT dumps (*.json *.gguf *.dot)</source>
        <translation>图、模型和 ggml DOT 转储 (*.json *.gguf *.dot)</translation>
    </message>
    <message>
        <source>Graph files (*.json)</source>
        <translation>图文件 (*.json)</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF 模型 (*.gguf)</translation>
    </message>
    <message>
        <source>ggml DOT dumps (*.dot)</source>
        <translation>ggml DOT 转储 (*.dot)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Open Graph</source>
        <translation>打开图</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>打开 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n import warning(s)</source>
        <translation>
            <numerusform>%n 条导入警告</numerusform>
        </translation>
    </message>
    <message>
        <source>What %1 lacked and the import inferred</source>
        <translation>%1 缺少、由导入推断出的内容</translation>
    </message>
    <message numerus="yes">
        <source>%1 imported with %n warning(s)</source>
        <translation>
            <numerusform>已导入 %1，有 %n 条警告</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::Format</name>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>param</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>leaf</source>
        <translation>叶</translation>
    </message>
    <message>
        <source>node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>unused</source>
        <translation>未使用</translation>
    </message>
</context>
<context>
    <name>planscope::ui::GraphCanvas</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>查找：</translation>
    </message>
    <message>
        <source>tensor name</source>
        <translation>张量名称</translation>
    </message>
    <message>
        <source>Close the find bar (Esc)</source>
        <translation>关闭查找栏（Esc）</translation>
    </message>
    <message>
        <source>Laying out %1 nodes…</source>
        <translation>正在布局 %1 个节点…</translation>
    </message>
    <message>
        <source>Layout cancelled</source>
        <translation>布局已取消</translation>
    </message>
    <message numerus="yes">
        <source>Laying out %n unit(s), %1 block(s) open…</source>
        <translation>
            <numerusform>正在布局 %n 个单元，已展开 %1 个块…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot lay out the graph: %1</source>
        <translation>无法布局图：%1</translation>
    </message>
</context>
<context>
    <name>planscope::ui::GuardedApplication</name>
    <message>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>unexpected failure</source>
        <translation>意外故障</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ImportWarningsDialog</name>
    <message>
        <source>Import Warnings</source>
        <translation>导入警告</translation>
    </message>
    <message>
        <source>%1 does not record everything a graph needs; the import inferred this:</source>
        <translation>%1 未记录图所需的全部信息；导入推断出了以下内容：</translation>
    </message>
</context>
<context>
    <name>planscope::ui::InspectorPanel</name>
    <message>
        <source>Select a tensor on the canvas to inspect it.</source>
        <translation>在画布上选择一个张量以查看其详情。</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Role:</source>
        <translation>角色：</translation>
    </message>
    <message>
        <source>Op:</source>
        <translation>算子：</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <source>Shape (ne):</source>
        <translation>形状 (ne)：</translation>
    </message>
    <message>
        <source>Strides (nb):</source>
        <translation>步长 (nb)：</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>大小：</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>源：</translation>
    </message>
    <message>
        <source>View of:</source>
        <translation>视图源：</translation>
    </message>
    <message>
        <source>Parameters:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <source>Flags:</source>
        <translation>标志：</translation>
    </message>
    <message>
        <source>Placement:</source>
        <translation>放置：</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 (view)</source>
        <translation>%1（视图）</translation>
    </message>
    <message>
        <source>%1 at byte offset %2</source>
        <translation>%1，字节偏移 %2</translation>
    </message>
    <message>
        <source>%1 (%2) at offset %3</source>
        <translation>%1（%2），偏移 %3</translation>
    </message>
    <message>
        <source>not allocated</source>
        <translation>未分配</translation>
    </message>
    <message>
        <source>%1: allocated at step %2 by node %3, freed at step %4 by node %5</source>
        <translation>%1：第 %2 步由节点 %3 分配，第 %4 步由节点 %5 释放</translation>
    </message>
    <message>
        <source>%1: allocated at step %2 by node %3, never freed</source>
        <translation>%1：第 %2 步由节点 %3 分配，从未释放</translation>
    </message>
    <message>
        <source>%1: pre-allocated at step %2, freed at step %3 by node %4</source>
        <translation>%1：第 %2 步预分配，第 %3 步由节点 %4 释放</translation>
    </message>
    <message>
        <source>%1: pre-allocated at step %2, never freed</source>
        <translation>%1：第 %2 步预分配，从未释放</translation>
    </message>
    <message>
        <source>not in a compute buffer: placed in %1</source>
        <translation>不在计算缓冲区中：放置于 %1</translation>
    </message>
    <message>
        <source>not allocated in this plan</source>
        <translation>此计划中未分配</translation>
    </message>
    <message>
        <source>Lifetime:</source>
        <translation>生命周期：</translation>
    </message>
    <message>
        <source>Readers:</source>
        <translation>读取者：</translation>
    </message>
    <message>
        <source>Backend:</source>
        <translation>后端：</translation>
    </message>
    <message>
        <source>Scheduler cause:</source>
        <translation>调度器原因：</translation>
    </message>
    <message>
        <source>lives in %1&apos;s memory: %2</source>
        <translation>位于 %1 的内存中：%2</translation>
    </message>
    <message>
        <source>not planned yet</source>
        <translation>尚未规划</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>did not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>through %1</source>
        <translation>经由 %1</translation>
    </message>
    <message>
        <source>%1, through %2</source>
        <translation>%1，经由 %2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::LayoutProcess</name>
    <message>
        <source>cannot start the layout process %1: %2</source>
        <translation>无法启动布局进程 %1：%2</translation>
    </message>
    <message>
        <source>the layout process ended unexpectedly</source>
        <translation>布局进程意外退出</translation>
    </message>
</context>
<context>
    <name>planscope::ui::LiveTensorModel</name>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>%1 · before the graph</source>
        <translation>%1 · 图之前</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>nothing: freed at step %1 (a parse_seq barrier)</source>
        <translation>无：在第 %1 步释放（parse_seq 屏障）</translation>
    </message>
    <message>
        <source>nothing reads it: a graph output, never freed</source>
        <translation>无读取者：图的输出，从未释放</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1: %2 at offset %3</source>
        <translation>%1：%2，偏移 %3</translation>
    </message>
    <message>
        <source>Also in this memory: %1</source>
        <translation>同在此内存中：%1</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Of the buffer</source>
        <translation>占缓冲区</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>分配于</translation>
    </message>
    <message>
        <source>Freed</source>
        <translation>释放于</translation>
    </message>
    <message>
        <source>Waiting for</source>
        <translation>等待</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s), to the end</source>
        <translation>
            <numerusform>%n 个节点，直到结束</numerusform>
        </translation>
    </message>
    <message>
        <source>Lives</source>
        <translation>存活</translation>
    </message>
</context>
<context>
    <name>planscope::ui::LlmMemoryModel</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Buffer type</source>
        <translation>缓冲区类型</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Context (KV)</source>
        <translation>上下文（KV）</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>The weights (the mapped file: CPU_Mapped)</source>
        <translation>权重（映射的文件：CPU_Mapped）</translation>
    </message>
    <message>
        <source>The KV cache (llama_memory)</source>
        <translation>KV 缓存（llama_memory）</translation>
    </message>
    <message>
        <source>The compute buffer the scheduler reserved (prompt, one-token and prompt graphs)</source>
        <translation>调度器预留的计算缓冲区（提示图、单词元图、提示图）</translation>
    </message>
    <message>
        <source>The logits buffer (output_reserve): not in llama_memory_breakdown</source>
        <translation>logits 缓冲区（output_reserve）：不在 llama_memory_breakdown 中</translation>
    </message>
</context>
<context>
    <name>planscope::ui::MainWindow</name>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Cannot Open Graph</source>
        <translation>无法打开图</translation>
    </message>
    <message>
        <source>%1

The current graph is kept.</source>
        <translation>%1

保留当前图。</translation>
    </message>
    <message>
        <source>Cannot Save Graph</source>
        <translation>无法保存图</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <source>Graph Summary</source>
        <translation>图摘要</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Event Log</source>
        <translation>事件日志</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>Splits</source>
        <translation>拆分</translation>
    </message>
    <message>
        <source>Not re-planned: %1</source>
        <translation>未重新规划：%1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Model Options…</source>
        <translation>模型选项(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;New from Template…</source>
        <translation>从模板新建(&amp;N)…</translation>
    </message>
    <message>
        <source>Open &amp;Template</source>
        <translation>打开模板(&amp;T)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <source>Zoom to &amp;Fit</source>
        <translation>缩放至适合(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Find Tensor…</source>
        <translation>查找张量(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Planscope</source>
        <translation>关于 Planscope(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>Nodes: %1  Leafs: %2</source>
        <translation>节点：%1  叶：%2</translation>
    </message>
    <message>
        <source>Planscope</source>
        <translation>Planscope</translation>
    </message>
    <message>
        <source>%1 — Planscope</source>
        <translation>%1 — Planscope</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>正在导出…</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Cannot Export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>Save Graph As</source>
        <translation>图另存为</translation>
    </message>
    <message>
        <source>Graph files (*.json)</source>
        <translation>图文件 (*.json)</translation>
    </message>
    <message>
        <source>About Planscope</source>
        <translation>关于 Planscope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Planscope %1&lt;/h3&gt;&lt;p&gt;Shows how ggml&apos;s allocator and scheduler place every tensor of a compute graph.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Planscope %1&lt;/h3&gt;&lt;p&gt;展示 ggml 的分配器和调度器如何放置计算图中的每个张量。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Buffer Layout</source>
        <translation>缓冲区布局</translation>
    </message>
    <message>
        <source>Memory Timeline</source>
        <translation>内存时间线</translation>
    </message>
    <message>
        <source>&amp;Compare Planners…</source>
        <translation>比较规划器(&amp;C)…</translation>
    </message>
    <message>
        <source>Planning %p%</source>
        <translation>规划中 %p%</translation>
    </message>
    <message numerus="yes">
        <source>Stepping through the scheduled allocation: %n split(s), %1 steps</source>
        <translation>
            <numerusform>单步执行调度后的分配：%n 个分段，%1 步</numerusform>
        </translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <source>Split Overview</source>
        <translation>拆分概览</translation>
    </message>
    <message>
        <source>Schedule the graph (F7) first</source>
        <translation>请先调度图 (F7)</translation>
    </message>
    <message>
        <source>The schedule&apos;s splits in order, folded by repeated block</source>
        <translation>按顺序列出调度的拆分，按重复块折叠</translation>
    </message>
    <message>
        <source>Fold &amp;Repeated Blocks</source>
        <translation>折叠重复块(&amp;R)</translation>
    </message>
    <message>
        <source>Show repeated blocks (layers) as boxes; a click opens or closes one</source>
        <translation>将重复块（层）显示为方框；单击可展开或收起其中一个</translation>
    </message>
    <message>
        <source>C&amp;lose All Blocks</source>
        <translation>收起所有块(&amp;L)</translation>
    </message>
    <message>
        <source>Op&amp;en All Blocks</source>
        <translation>展开所有块(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>Compute buffer %1</source>
        <translation>计算缓冲区 %1</translation>
    </message>
    <message>
        <source>The compute buffer, as before the last what-if</source>
        <translation>计算缓冲区，与上次假设前相同</translation>
    </message>
    <message>
        <source>The compute buffer of this plan</source>
        <translation>此计划的计算缓冲区</translation>
    </message>
    <message>
        <source>Compute buffer %1 → %2 (%3)</source>
        <translation>计算缓冲区 %1 → %2（%3）</translation>
    </message>
    <message>
        <source>The compute buffer before the last what-if and now</source>
        <translation>上次假设前与现在的计算缓冲区</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>Compute Buffer &amp;Sweep…</source>
        <translation>计算缓冲区扫描(&amp;S)…</translation>
    </message>
    <message>
        <source>Unexpected Error</source>
        <translation>意外错误</translation>
    </message>
    <message>
        <source>&amp;Allocator</source>
        <translation>分配器(&amp;A)</translation>
    </message>
    <message>
        <source>ggml 202&amp;3</source>
        <translation>ggml 202&amp;3</translation>
    </message>
    <message>
        <source>Plan as the ggml-alloc of late 2023 does (the seeds)</source>
        <translation>按 2023 年底的 ggml-alloc（种子代码）规划</translation>
    </message>
    <message>
        <source>ggml 202&amp;6</source>
        <translation>ggml 202&amp;6</translation>
    </message>
    <message>
        <source>Plan as ggml_gallocr of 2026 does: leafs and inputs first, outputs kept, no in-place over views</source>
        <translation>按 2026 年的 ggml_gallocr 规划：先分配叶子和输入，保留输出，不在视图上原地复用</translation>
    </message>
    <message>
        <source>&amp;Maximum Buffer Size…</source>
        <translation>最大缓冲区大小(&amp;M)…</translation>
    </message>
    <message>
        <source>The buffer type&apos;s largest buffer: ggml 2026 plans a larger one as chunks</source>
        <translation>缓冲区类型的最大缓冲区：ggml 2026 将更大的缓冲区分块规划</translation>
    </message>
    <message>
        <source>Maximum Buffer Size</source>
        <translation>最大缓冲区大小</translation>
    </message>
    <message>
        <source>Largest buffer of the buffer type, in MiB (0: no maximum):</source>
        <translation>缓冲区类型的最大缓冲区，单位 MiB（0：无上限）：</translation>
    </message>
    <message>
        <source>Compare &amp;ggml Versions…</source>
        <translation>比较 ggml 版本(&amp;G)…</translation>
    </message>
    <message>
        <source>The tensors that ggml 2023 and ggml 2026 place differently, and why</source>
        <translation>ggml 2023 与 ggml 2026 放置位置不同的张量及其原因</translation>
    </message>
    <message>
        <source>%1

%2 is open instead.</source>
        <translation>%1

已改为打开 %2。</translation>
    </message>
    <message>
        <source>Compute buffers %1</source>
        <translation>计算缓冲区 %1</translation>
    </message>
    <message>
        <source>View &gt; Allocator: the ggml whose allocator and scheduler plan, schedule and run this document</source>
        <translation>视图 &gt; 分配器：由其分配器和调度器规划、调度并运行此文档的 ggml</translation>
    </message>
    <message>
        <source>Planned by %1</source>
        <translation>由 %1 规划</translation>
    </message>
    <message>
        <source>Planned by %1, buffers of %2 at most</source>
        <translation>由 %1 规划，缓冲区最多 %2</translation>
    </message>
    <message>
        <source>llama.cpp: model %1, KV %2, compute %3</source>
        <translation>llama.cpp：模型 %1，KV %2，计算 %3</translation>
    </message>
    <message>
        <source>What llama.cpp da46e59c&apos;s context holds (llama_memory_breakdown): %1 in all; the Buffers dock lists it by buffer type</source>
        <translation>llama.cpp da46e59c 的上下文占用（llama_memory_breakdown）：共 %1；缓冲区面板按缓冲区类型列出</translation>
    </message>
    <message>
        <source>How the compute buffer grows with n_batch, n_ubatch (ggml 2026) or n_ctx</source>
        <translation>计算缓冲区如何随 n_batch、n_ubatch（ggml 2026）或 n_ctx 增长</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Fit to &amp;Devices</source>
        <translation>适配到设备(&amp;D)</translation>
    </message>
    <message>
        <source>Will the model fit these GPUs? llama.cpp&apos;s memory per device against each one&apos;s free memory</source>
        <translation>模型能否装入这些 GPU？llama.cpp 每个设备的内存与其可用内存的对比</translation>
    </message>
    <message>
        <source>Capture</source>
        <translation>捕获</translation>
    </message>
</context>
<context>
    <name>planscope::ui::MemoryTimeline</name>
    <message>
        <source>event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>%1 live</source>
        <translation>使用中 %1</translation>
    </message>
    <message>
        <source>%1 high-water</source>
        <translation>高水位 %1</translation>
    </message>
    <message>
        <source>No allocation recorded</source>
        <translation>没有记录到分配</translation>
    </message>
    <message>
        <source>peak %1</source>
        <translation>峰值 %1</translation>
    </message>
    <message>
        <source>lower bound %1</source>
        <translation>下界 %1</translation>
    </message>
    <message>
        <source>%1 (+%2%)</source>
        <translation>%1（+%2%）</translation>
    </message>
    <message>
        <source>fragmentation</source>
        <translation>碎片</translation>
    </message>
    <message>
        <source>tensor %1</source>
        <translation>张量 %1</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>%1: %2 live, high-water %3</source>
        <translation>%1：使用中 %2，高水位 %3</translation>
    </message>
    <message>
        <source>allocated at step %1, freed at step %2</source>
        <translation>第 %1 步分配，第 %2 步释放</translation>
    </message>
    <message>
        <source>allocated at step %1, never freed</source>
        <translation>第 %1 步分配，从未释放</translation>
    </message>
    <message>
        <source>%1 (%2, %3): %4</source>
        <translation>%1（%2，%3）：%4</translation>
    </message>
    <message>
        <source>also in its memory: %1</source>
        <translation>同在其内存中：%1</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ModelOptionsDialog</name>
    <message>
        <source>Model Options</source>
        <translation>模型选项</translation>
    </message>
    <message>
        <source>e.g. 1,403,407,261,378</source>
        <translation>例如 1,403,407,261,378</translation>
    </message>
    <message>
        <source>The prompt&apos;s token ids, comma-separated (--tokens). No BOS is added: start with 1 for llama&apos;s &lt;s&gt;.</source>
        <translation>提示词的词元 ID，以逗号分隔（--tokens）。不会添加 BOS：对 llama 的 &lt;s&gt; 请以 1 开头。</translation>
    </message>
    <message>
        <source>Prompt token ids:</source>
        <translation>提示词词元 ID：</translation>
    </message>
    <message>
        <source>Context (KV cache cells, --ctx):</source>
        <translation>上下文（KV cache 单元数，--ctx）：</translation>
    </message>
    <message>
        <source>Tokens in the batch (--batch):</source>
        <translation>批次中的词元数（--batch）：</translation>
    </message>
    <message>
        <source>Cells already filled (--n-past):</source>
        <translation>已填充的单元数（--n-past）：</translation>
    </message>
    <message>
        <source>Offloaded layers (--ngl):</source>
        <translation>卸载的层数（--ngl）：</translation>
    </message>
    <message>
        <source>Prompt: %1</source>
        <translation>提示词：%1</translation>
    </message>
    <message>
        <source>Worst case (--worst-case)</source>
        <translation>最坏情况（--worst-case）</translation>
    </message>
    <message>
        <source>The graph llama.cpp sized its compute buffer with: the KV cache full (n_past = n_ctx - n_batch) and the K-shift of every layer. The prompt still runs from cell 0.</source>
        <translation>llama.cpp 用来确定计算缓冲区大小的图：KV 缓存已满（n_past = n_ctx - n_batch），并包含每一层的 K 移位。提示词仍从第 0 个单元开始运行。</translation>
    </message>
    <message>
        <source>as the batch</source>
        <translation>同 batch</translation>
    </message>
    <message>
        <source>Tokens in a ubatch (--ubatch):</source>
        <translation>ubatch 中的词元数（--ubatch）：</translation>
    </message>
    <message>
        <source>Sequences (--seqs):</source>
        <translation>序列数（--seqs）：</translation>
    </message>
    <message>
        <source>Flash attention (--flash-attn):</source>
        <translation>Flash attention（--flash-attn）：</translation>
    </message>
    <message>
        <source>K cache type (--kv-type-k):</source>
        <translation>K cache 类型（--kv-type-k）：</translation>
    </message>
    <message>
        <source>V cache type (--kv-type-v):</source>
        <translation>V cache 类型（--kv-type-v）：</translation>
    </message>
    <message>
        <source>Tokens in the graph llama.cpp reserves its compute buffer with, n_ubatch</source>
        <translation>llama.cpp 用来预留计算缓冲区的图中的词元数，n_ubatch</translation>
    </message>
    <message>
        <source>Sequences the context holds, n_seq_max (1 to 256)</source>
        <translation>上下文容纳的序列数，n_seq_max（1 到 256）</translation>
    </message>
    <message>
        <source>FLASH_ATTN_EXT in every layer; auto is on, as on the CPU</source>
        <translation>每一层使用 FLASH_ATTN_EXT；auto 即开启，与 CPU 上相同</translation>
    </message>
    <message>
        <source>The K and V caches&apos; one type (--kv-type)</source>
        <translation>K 和 V cache 的同一类型（--kv-type）</translation>
    </message>
    <message>
        <source>The K cache&apos;s type</source>
        <translation>K cache 的类型</translation>
    </message>
    <message>
        <source>The V cache&apos;s type; a quantized one needs flash attention</source>
        <translation>V cache 的类型；量化类型需要 flash attention</translation>
    </message>
    <message>
        <source>Layers i &gt;= n_layer - ngl on the second backend</source>
        <translation>第 i &gt;= n_layer - ngl 层位于第二个后端</translation>
    </message>
    <message>
        <source>Cells of the KV cache filled before these tokens</source>
        <translation>在这些词元之前已填充的 KV cache 单元</translation>
    </message>
    <message>
        <source>The graph llama.cpp da46e59c (ggml 2026) reserves its compute buffer with.</source>
        <translation>llama.cpp da46e59c（ggml 2026）用来预留计算缓冲区的图。</translation>
    </message>
    <message>
        <source>The llama graph of llama.cpp of late 2023 (ggml 2023).</source>
        <translation>2023 年末 llama.cpp 的 llama 图（ggml 2023）。</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ModelReplanner</name>
    <message>
        <source>Only a model (.gguf) or the llama template can be re-planned.</source>
        <translation>只有模型（.gguf）或 llama 模板可以重新规划。</translation>
    </message>
</context>
<context>
    <name>planscope::ui::OffsetDiffModel</name>
    <message>
        <source>%1 puts it at %2, %3 at %4</source>
        <translation>%1 将其放在 %2，%3 放在 %4</translation>
    </message>
    <message>
        <source>+%1</source>
        <translation>+%1</translation>
    </message>
    <message>
        <source>−%1</source>
        <translation>−%1</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Offset (%1)</source>
        <translation>偏移（%1）</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Moved</source>
        <translation>已移动</translation>
    </message>
</context>
<context>
    <name>planscope::ui::OpSummaryModel</name>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Result bytes</source>
        <translation>结果字节数</translation>
    </message>
</context>
<context>
    <name>planscope::ui::PeakPanel</name>
    <message>
        <source>Go to Step</source>
        <translation>转到该步</translation>
    </message>
    <message>
        <source>The compute buffer to explain (one per backend after Schedule)</source>
        <translation>要解释的计算缓冲区（调度后每个后端一个）</translation>
    </message>
    <message>
        <source>At its peak</source>
        <translation>在其峰值</translation>
    </message>
    <message>
        <source>At the current step</source>
        <translation>在当前步</translation>
    </message>
    <message>
        <source>Step the plan to the step shown</source>
        <translation>将计划推进到所示的步骤</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Once the graph is planned: what its compute buffer holds at its peak, and why.</source>
        <translation>图规划完成后：其计算缓冲区在峰值时包含什么，以及原因。</translation>
    </message>
    <message>
        <source>Step %1%2 · high-water mark %3 · live %4 (%5 %) · free under it %6 (%7 %) · %8</source>
        <translation>第 %1 步%2 · 高水位 %3 · 使用中 %4（%5 %）· 其下空闲 %6（%7 %）· %8</translation>
    </message>
    <message>
        <source> (node %1)</source>
        <translation>（节点 %1）</translation>
    </message>
    <message>
        <source>prompt graph: %1 (llama.cpp reserves with its worst-case graph)</source>
        <translation>提示词图：%1（llama.cpp 按其最坏情况图预留）</translation>
    </message>
    <message>
        <source>llama.cpp reserves: %1 (worst-case graph) · prompt graph: %2</source>
        <translation>llama.cpp 预留：%1（最坏情况图）· 提示词图：%2</translation>
    </message>
    <message>
        <source>prompt graph: %1 (llama.cpp&apos;s worst-case graph: not planned, %2)</source>
        <translation>提示词图：%1（llama.cpp 的最坏情况图：未规划，%2）</translation>
    </message>
</context>
<context>
    <name>planscope::ui::PlanLayoutView</name>
    <message>
        <source>%1 — peak %2, %3× lower bound, %4 ms</source>
        <translation>%1 — 峰值 %2，下界的 %3×，%4 毫秒</translation>
    </message>
    <message>
        <source>Not planned yet</source>
        <translation>尚未规划</translation>
    </message>
    <message>
        <source>%1
offset %2, %3
alive from node %4 to %5</source>
        <translation>%1
偏移 %2，%3
存活于节点 %4 至 %5</translation>
    </message>
</context>
<context>
    <name>planscope::ui::RecentFiles</name>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>No Recent Files</source>
        <translation>无最近文件</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>清除最近文件(&amp;C)</translation>
    </message>
</context>
<context>
    <name>planscope::ui::Screenshot</name>
    <message>
        <source>the graph was not planned</source>
        <translation>图未被规划</translation>
    </message>
    <message>
        <source>step %1 is past the plan&apos;s last step, %2</source>
        <translation>第 %1 步超出了计划的最后一步 %2</translation>
    </message>
    <message>
        <source>nothing to render</source>
        <translation>没有可渲染的内容</translation>
    </message>
    <message>
        <source>scheduling took too long</source>
        <translation>调度耗时过长</translation>
    </message>
    <message>
        <source>re-planning took too long</source>
        <translation>重新规划耗时过长</translation>
    </message>
    <message>
        <source>--show causes needs --schedule</source>
        <translation>--show causes 需要 --schedule</translation>
    </message>
    <message>
        <source>unknown panel &apos;%1&apos; (peak, causes, devices=PROFILE,...)</source>
        <translation>未知面板“%1”（peak、causes、devices=配置文件,...）</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ServerDeviceModel</name>
    <message>
        <source>Device 0 of the rpc-server at %1</source>
        <translation>%1 上 rpc-server 的设备 0</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>A device index or part of its name; empty: the first GPU, else the first device</source>
        <translation>设备索引或其名称的一部分；留空：第一个 GPU，若无则第一个设备</translation>
    </message>
    <message>
        <source>Threads the CPU backend computes with (default: the hardware&apos;s, at most 8)</source>
        <translation>CPU 后端计算所用的线程数（默认：硬件线程数，最多 8）</translation>
    </message>
    <message>
        <source>OpenCL device:</source>
        <translation>OpenCL 设备：</translation>
    </message>
    <message>
        <source>CPU threads:</source>
        <translation>CPU 线程：</translation>
    </message>
    <message>
        <source>(automatic)</source>
        <translation>（自动）</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s) found</source>
        <translation>
            <numerusform>找到 %n 个设备</numerusform>
        </translation>
    </message>
    <message>
        <source>OpenCL not available: this build has no OpenCL backend.</source>
        <translation>OpenCL 不可用：此构建不含 OpenCL 后端。</translation>
    </message>
    <message>
        <source>Stepping opens the block of the current tensor</source>
        <translation>单步执行时展开当前张量所在的块</translation>
    </message>
    <message>
        <source> nodes</source>
        <translation> 个节点</translation>
    </message>
    <message>
        <source>Graphs with more nodes open with their repeated blocks (layers) folded into boxes; View &gt; Fold Repeated Blocks switches it for the open graph</source>
        <translation>节点数更多的图打开时，其重复块（层）会折叠为方框；“视图 &gt; 折叠重复块”可为当前打开的图切换此设置</translation>
    </message>
    <message>
        <source>Fold graphs above:</source>
        <translation>折叠超过以下节点数的图：</translation>
    </message>
    <message>
        <source>The language of menus and panels; Planscope uses it when it starts again</source>
        <translation>菜单和面板的语言；Planscope 下次启动时使用</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <source>A new language applies when Planscope starts again.</source>
        <translation>新的语言将在 Planscope 下次启动时生效。</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ShortcutModel</name>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SplitCauseModel</name>
    <message>
        <source>no backend</source>
        <translation>无后端</translation>
    </message>
    <message>
        <source>Splits %1</source>
        <translation>拆分 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n split(s) start where the scheduler moved to %1 for this reason; select the row to mark them in the split overview</source>
        <translation>
            <numerusform>有 %n 个拆分始于调度器因此原因转到 %1 之处；选中该行可在拆分概览中标记它们</numerusform>
        </translation>
    </message>
    <message>
        <source>boundary</source>
        <translation>边界</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>%1 read on %2</source>
        <translation>%1 在 %2 上读取</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Backends</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>为何</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Splits</source>
        <translation>拆分</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SplitController</name>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>CPU + CPU</source>
        <translation>CPU + CPU</translation>
    </message>
    <message>
        <source>CPU + OpenCL</source>
        <translation>CPU + OpenCL</translation>
    </message>
    <message numerus="yes">
        <source>%n split(s), %1 assignments</source>
        <translation>
            <numerusform>%n 个拆分，%1 个分配</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>backend %1 (%2)</source>
        <translation>后端 %1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>Run finished: %n split(s)</source>
        <translation>
            <numerusform>运行完成：%n 个拆分</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Top next tokens (id, logit, piece):</source>
        <translation>最可能的下一个词元（id、logit、片段）：</translation>
    </message>
    <message>
        <source>Replay stopped: showing the final assignment</source>
        <translation>回放已停止：显示最终分配</translation>
    </message>
    <message>
        <source>OpenCL + CPU</source>
        <translation>OpenCL + CPU</translation>
    </message>
    <message numerus="yes">
        <source>GGML_SCHED_DEBUG log: %n split(s), %1 assignments</source>
        <translation>
            <numerusform>GGML_SCHED_DEBUG 日志：%n 个拆分，%1 个分配</numerusform>
        </translation>
    </message>
    <message>
        <source>Scheduling on %1 as ggml %2…</source>
        <translation>按 ggml %2 在 %1 上调度…</translation>
    </message>
    <message>
        <source>Running on %1 as ggml %2…</source>
        <translation>以 ggml %2 在 %1 上运行…</translation>
    </message>
    <message numerus="yes">
        <source>Planned on %1: %n split(s), %2 assignments (device profiles: nothing runs)</source>
        <translation>
            <numerusform>规划在 %1 上:%n 个拆分,%2 个分配(设备配置:不会运行)</numerusform>
        </translation>
    </message>
    <message>
        <source>This document is planned on device profiles (%1), which have no kernels: Run computes only on this machine&apos;s backends. Plan it on This Machine in the Devices dock to run it.</source>
        <translation>此文档规划在设备配置(%1)上,它们没有内核:运行只在本机的后端上计算。请在“设备”停靠窗口中“在本机上规划”后再运行。</translation>
    </message>
    <message numerus="yes">
        <source>Captured on %1: %n split(s), as the program&apos;s ggml split the graph</source>
        <translation>
            <numerusform>捕获于 %1:%n 个拆分,即该程序的 ggml 对图的拆分</numerusform>
        </translation>
    </message>
    <message>
        <source>This document is a capture of another program&apos;s graph: it holds no tensor data, so Run cannot compute it.</source>
        <translation>此文档是另一个程序的图的捕获:不含张量数据,因此无法运行计算。</translation>
    </message>
    <message>
        <source>OpenCL</source>
        <translation>OpenCL</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SplitOverview</name>
    <message>
        <source>Schedule the graph (F7) to see its splits here.</source>
        <translation>调度图 (F7) 后即可在此查看其拆分。</translation>
    </message>
    <message numerus="yes">
        <source>%n split(s) each</source>
        <translation>
            <numerusform>各 %n 个拆分</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n split(s)</source>
        <translation>
            <numerusform>%n 个拆分</numerusform>
        </translation>
    </message>
    <message>
        <source>click to fold</source>
        <translation>单击折叠</translation>
    </message>
    <message>
        <source>click to unfold</source>
        <translation>单击展开</translation>
    </message>
    <message numerus="yes">
        <source>#%1 · %n node(s)</source>
        <translation>
            <numerusform>#%1 · %n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>no backend</source>
        <translation>无后端</translation>
    </message>
    <message>
        <source>%1: assigned to %2 by the graph</source>
        <translation>%1：由图指定给 %2</translation>
    </message>
    <message>
        <source>%1: only %2 can run it</source>
        <translation>%1：只有 %2 能运行它</translation>
    </message>
    <message>
        <source>%1: its result lives in %2 memory</source>
        <translation>%1：其结果位于 %2 内存中</translation>
    </message>
    <message>
        <source>%1: src%2 %3 lives in %4 memory</source>
        <translation>%1：src%2 %3 位于 %4 内存中</translation>
    </message>
    <message>
        <source>%1: follows src%2 %3 on %4</source>
        <translation>%1：跟随 src%2 %3 放在 %4 上</translation>
    </message>
    <message>
        <source>%1: on %2 (%3)</source>
        <translation>%1：在 %2 上（%3）</translation>
    </message>
    <message>
        <source>%1: views %2 in %3 memory</source>
        <translation>%1：%2 的视图，位于 %3 内存中</translation>
    </message>
    <message>
        <source>%1: a graph input, on the last backend %2</source>
        <translation>%1：图的输入，位于最后一个后端 %2</translation>
    </message>
    <message>
        <source>%1: %2 asked to run it, away from its weight in host memory</source>
        <translation>%1：%2 请求运行它，不在其权重所在的主机内存中</translation>
    </message>
    <message>
        <source>%1: runs where its weight src%2 %3 is, on %4</source>
        <translation>%1：在其权重 src%2 %3 所在处运行，即 %4</translation>
    </message>
    <message>
        <source>%1: next to %2 ops, and %2 runs it</source>
        <translation>%1：与 %2 上的运算相邻，且 %2 能运行它</translation>
    </message>
    <message>
        <source>%1: moved up to %2, which uses the same buffer type</source>
        <translation>%1：升级到 %2，它使用相同的缓冲区类型</translation>
    </message>
    <message>
        <source>%1: %2 runs it and can use the most of its sources</source>
        <translation>%1：%2 能运行它，且能使用其最多的来源</translation>
    </message>
    <message>
        <source>%1: read by a node on %2</source>
        <translation>%1：被 %2 上的节点读取</translation>
    </message>
    <message>
        <source>%1: views %2 on %3</source>
        <translation>%1：%3 上 %2 的视图</translation>
    </message>
    <message>
        <source>%1: on %2, as the log printed it</source>
        <translation>%1：位于 %2，按日志所打印</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%2 上的 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n copies · %1</source>
        <translation>
            <numerusform>%n 个副本 · %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 over the network</source>
        <translation>%1 经网络传输</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SplitPanel</name>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>重放</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Backends to schedule and run the graph on, in priority order</source>
        <translation>用于调度和运行图的后端，按优先级排序</translation>
    </message>
    <message>
        <source>Split the graph over the backends and replay the assignment</source>
        <translation>将图拆分到各后端并重放分配</translation>
    </message>
    <message>
        <source>Compute the graph on the backends</source>
        <translation>在各后端上计算图</translation>
    </message>
    <message>
        <source>Assignment</source>
        <translation>分配</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>计时</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Computing split %1…</source>
        <translation>正在计算拆分 %1…</translation>
    </message>
    <message>
        <source>S&amp;chedule</source>
        <translation>调度(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Backends</source>
        <translation>后端(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Schedule</source>
        <translation>调度(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Replay Assignment</source>
        <translation>重放分配(&amp;R)</translation>
    </message>
    <message>
        <source>R&amp;un</source>
        <translation>运行(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Causes</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>A GGML_SCHED_DEBUG log cannot run: it has the graph and the split assignment it printed, not the tensors&apos; data or its backends</source>
        <translation>GGML_SCHED_DEBUG 日志无法运行：它只有所打印的图和拆分分配，没有张量数据和后端</translation>
    </message>
    <message>
        <source>Show the split the document was planned with on its device profiles</source>
        <translation>显示文档在其设备配置上规划时的拆分</translation>
    </message>
    <message>
        <source>Device profiles have no kernels: Run computes only on this machine&apos;s backends (Devices dock: Plan on This Machine)</source>
        <translation>设备配置没有内核:运行只在本机的后端上计算(设备停靠窗口:在本机上规划)</translation>
    </message>
    <message>
        <source>Show the split the captured program&apos;s scheduler made</source>
        <translation>显示被捕获程序的调度器所做的拆分</translation>
    </message>
    <message>
        <source>A capture holds another program&apos;s graph and split, not its tensors&apos; data</source>
        <translation>捕获包含另一个程序的图和拆分,而不含其张量数据</translation>
    </message>
    <message>
        <source>Add RPC Server…</source>
        <translation>添加 RPC 服务器…</translation>
    </message>
    <message>
        <source>Schedule on an rpc-server of llama.cpp as well (HOST:PORT): its device is device 0 of the server</source>
        <translation>同时调度到 llama.cpp 的 rpc-server（HOST:PORT）：其设备为该服务器的设备 0</translation>
    </message>
    <message>
        <source>Add RPC Server</source>
        <translation>添加 RPC 服务器</translation>
    </message>
    <message>
        <source>Address of an rpc-server (HOST:PORT):</source>
        <translation>rpc-server 的地址（HOST:PORT）：</translation>
    </message>
    <message>
        <source>Cannot Add RPC Server</source>
        <translation>无法添加 RPC 服务器</translation>
    </message>
    <message>
        <source>%1

The backends and the schedule are kept.</source>
        <translation>%1

后端和调度保持不变。</translation>
    </message>
    <message>
        <source>%1 is among the backends already: an rpc-server serves one client at a time.</source>
        <translation>%1 已在后端之中：rpc-server 一次只服务一个客户端。</translation>
    </message>
    <message>
        <source>Cannot Schedule on RPC Server</source>
        <translation>无法在 RPC 服务器上调度</translation>
    </message>
    <message>
        <source>%1

The previous backends and schedule are kept.</source>
        <translation>%1

之前的后端和调度保持不变。</translation>
    </message>
    <message>
        <source>Add &amp;RPC Server…</source>
        <translation>添加 RPC 服务器(&amp;R)…</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SteppingToolBar</name>
    <message>
        <source>Stepping</source>
        <translation>单步执行</translation>
    </message>
    <message>
        <source>Jump to step (events applied)</source>
        <translation>跳转到步骤（已应用的事件数）</translation>
    </message>
    <message>
        <source> steps/s</source>
        <translation> 步/秒</translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation>播放速度</translation>
    </message>
    <message>
        <source>Break On</source>
        <translation>中断于</translation>
    </message>
    <message>
        <source>Breakpoints on event kinds</source>
        <translation>按事件类型设置断点</translation>
    </message>
    <message>
        <source>&amp;Play / Pause</source>
        <translation>播放/暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Play / Pause (F5)</source>
        <translation>播放/暂停（F5）</translation>
    </message>
    <message>
        <source>Step &amp;Back</source>
        <translation>后退一步(&amp;B)</translation>
    </message>
    <message>
        <source>Run to &amp;Breakpoint or End</source>
        <translation>运行到断点或结尾(&amp;B)</translation>
    </message>
    <message>
        <source>Run Back to Breakpoint or S&amp;tart</source>
        <translation>反向运行到断点或开头(&amp;T)</translation>
    </message>
    <message>
        <source>Toggle &amp;Breakpoint on Tensor</source>
        <translation>切换张量断点(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Clear Breakpoints</source>
        <translation>清除断点(&amp;C)</translation>
    </message>
    <message>
        <source>Break On &amp;Event</source>
        <translation>按事件中断(&amp;E)</translation>
    </message>
    <message>
        <source> of %1 </source>
        <translation> / %1 </translation>
    </message>
    <message>
        <source>The plan stopped: %1</source>
        <translation>计划已停止：%1</translation>
    </message>
    <message>
        <source>Toggle Breakpoint on the Selected Tensor (F9)</source>
        <translation>切换所选张量上的断点 (F9)</translation>
    </message>
    <message>
        <source>Step Through the S&amp;cheduled Allocation</source>
        <translation>单步执行调度后的分配(&amp;C)</translation>
    </message>
    <message>
        <source>Step through the scheduler&apos;s compute buffers, one per backend, instead of the single-buffer plan</source>
        <translation>单步查看调度器的计算缓冲区（每个后端一个），而不是单缓冲区的计划</translation>
    </message>
    <message>
        <source>Schedule first (F7)</source>
        <translation>请先调度 (F7)</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <comment>action: one event forward</comment>
        <translation>前进一步(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;First Step</source>
        <translation>第一步(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Last Step</source>
        <translation>最后一步(&amp;L)</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <comment>menu</comment>
        <translation>单步(&amp;T)</translation>
    </message>
</context>
<context>
    <name>planscope::ui::StubItem</name>
    <message>
        <source>From outside the block: %1 (click to select it)</source>
        <translation>来自块外：%1（单击以选中）</translation>
    </message>
    <message>
        <source>Read outside the block: %1 (click to select it)</source>
        <translation>在块外被读取：%1（单击以选中）</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SummaryPanel</name>
    <message>
        <source>Tensors:</source>
        <translation>张量：</translation>
    </message>
    <message>
        <source>Nodes:</source>
        <translation>节点：</translation>
    </message>
    <message>
        <source>Leafs:</source>
        <translation>叶：</translation>
    </message>
    <message>
        <source>View nodes:</source>
        <translation>视图节点：</translation>
    </message>
    <message>
        <source>Leaf bytes:</source>
        <translation>叶字节数：</translation>
    </message>
    <message>
        <source>Node bytes (without views):</source>
        <translation>节点字节数（不含视图）：</translation>
    </message>
    <message>
        <source>Preallocated bytes:</source>
        <translation>预分配字节数：</translation>
    </message>
    <message>
        <source>Compute buffer:</source>
        <translation>计算缓冲区：</translation>
    </message>
    <message>
        <source>planning…</source>
        <translation>正在规划…</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>llama.cpp prints:
%1</source>
        <translation>llama.cpp 输出：
%1</translation>
    </message>
    <message>
        <source>(was %1: %2)</source>
        <translation>（之前 %1：%2）</translation>
    </message>
    <message>
        <source>For this prompt graph (llama.cpp reserves with its worst-case graph):
%1</source>
        <translation>对于此提示词图（llama.cpp 按其最坏情况图预留）：
%1</translation>
    </message>
    <message>
        <source>llama.cpp reserves:</source>
        <translation>llama.cpp 预留：</translation>
    </message>
    <message>
        <source>%1 (worst-case graph)</source>
        <translation>%1（最坏情况图）</translation>
    </message>
    <message>
        <source>%1 (worst-case graph; prompt graph %2)</source>
        <translation>%1（最坏情况图；提示词图 %2）</translation>
    </message>
    <message>
        <source>llama.cpp sizes its compute buffer with its worst-case graph (n_kv = n_ctx, n_past = n_ctx − n_batch), not with this prompt graph:
%1
prompt graph: %2</source>
        <translation>llama.cpp 按其最坏情况图（n_kv = n_ctx，n_past = n_ctx − n_batch）而非此提示词图确定计算缓冲区大小：
%1
提示词图：%2</translation>
    </message>
    <message>
        <source>not planned</source>
        <translation>未规划</translation>
    </message>
    <message>
        <source>Planned by:</source>
        <translation>规划者：</translation>
    </message>
    <message>
        <source>Graph nodes (llama.cpp):</source>
        <translation>图节点（llama.cpp）：</translation>
    </message>
    <message>
        <source>Context:</source>
        <translation>上下文：</translation>
    </message>
    <message>
        <source>Flash attention:</source>
        <translation>Flash attention：</translation>
    </message>
    <message>
        <source>Model (weights):</source>
        <translation>模型（权重）：</translation>
    </message>
    <message>
        <source>Context (KV cache):</source>
        <translation>上下文（KV 缓存）：</translation>
    </message>
    <message>
        <source>Compute buffer (llama.cpp):</source>
        <translation>计算缓冲区（llama.cpp）：</translation>
    </message>
    <message>
        <source>Output buffer:</source>
        <translation>输出缓冲区：</translation>
    </message>
    <message>
        <source>llama.cpp memory:</source>
        <translation>llama.cpp 内存：</translation>
    </message>
    <message>
        <source>The era whose allocator plans this document (View &gt; Allocator); llama.cpp da46e59c&apos;s figures below are ggml 2026&apos;s</source>
        <translation>规划此文档的分配器所属的时代（视图 &gt; 分配器）；下方 llama.cpp da46e59c 的数字来自 ggml 2026</translation>
    </message>
    <message>
        <source>pp %1 (%2 tokens), tg %3 (1 token)</source>
        <translation>pp %1（%2 个词元），tg %3（1 个词元）</translation>
    </message>
    <message>
        <source>The nodes of the graphs llama.cpp reserves with: the prompt graph (n_ubatch tokens) and the one-token graph; %1 and %2 splits</source>
        <translation>llama.cpp 预留时所用图的节点：提示图（n_ubatch 个词元）和单词元图；%1 和 %2 个分段</translation>
    </message>
    <message>
        <source>n_ctx %1, n_batch %2, n_ubatch %3</source>
        <translation>n_ctx %1，n_batch %2，n_ubatch %3</translation>
    </message>
    <message>
        <source>As llama_context resolves them: n_ctx padded to a multiple of 256, n_batch at most n_ctx, n_ubatch at most n_batch; %1 cells per sequence</source>
        <translation>按 llama_context 的解析：n_ctx 补齐到 256 的倍数，n_batch 不超过 n_ctx，n_ubatch 不超过 n_batch；每个序列 %1 个单元</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>As llama_context resolves it: auto is on (the CPU runs FLASH_ATTN_EXT)</source>
        <translation>按 llama_context 的解析：auto 即为开（CPU 运行 FLASH_ATTN_EXT）</translation>
    </message>
    <message>
        <source>%1: the largest of the prompt, one-token and prompt graphs&apos; reserves</source>
        <translation>%1：提示图、单词元图和提示图预留中的最大值</translation>
    </message>
    <message>
        <source>%1: the logits buffer, not in llama_memory_breakdown</source>
        <translation>%1：logits 缓冲区，不在 llama_memory_breakdown 中</translation>
    </message>
    <message>
        <source>%1 (model + context + compute)</source>
        <translation>%1（模型 + 上下文 + 计算）</translation>
    </message>
    <message>
        <source>%1, as llama_memory_breakdown sums it (without the output buffer)</source>
        <translation>%1，按 llama_memory_breakdown 的求和（不含输出缓冲区）</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SweepChart</name>
    <message>
        <source>Run a sweep to see how the compute buffer grows</source>
        <translation>运行扫描以查看计算缓冲区如何增长</translation>
    </message>
    <message>
        <source>%1 (log₂ scale)</source>
        <translation>%1（log₂ 刻度）</translation>
    </message>
    <message>
        <source>compute buffer (ggml)</source>
        <translation>计算缓冲区（ggml）</translation>
    </message>
    <message>
        <source>lower bound</source>
        <translation>下界</translation>
    </message>
    <message>
        <source>llama.cpp total</source>
        <translation>llama.cpp 总计</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SweepDeviceChart</name>
    <message>
        <source>%1 (limit dashed)</source>
        <translation>%1（虚线为上限）</translation>
    </message>
    <message>
        <source>%1: %2 used, %3 free</source>
        <translation>%1：已用 %2，可用 %3</translation>
    </message>
    <message>
        <source>Run a sweep to see each device&apos;s memory against its limit</source>
        <translation>运行扫描以查看每个设备的内存与其上限的对比</translation>
    </message>
    <message>
        <source>%1 (log₂ scale)</source>
        <translation>%1（log₂ 刻度）</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SweepDialog</name>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Compute Buffer Sweep</source>
        <translation>计算缓冲区扫描</translation>
    </message>
    <message>
        <source>Comma-separated values, e.g. 1,8,32</source>
        <translation>以逗号分隔的值，例如 1,8,32</translation>
    </message>
    <message>
        <source>%v / %m points</source>
        <translation>%v / %m 个点</translation>
    </message>
    <message>
        <source>S&amp;weep:</source>
        <translation>扫描(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Values:</source>
        <translation>值(&amp;V)：</translation>
    </message>
    <message>
        <source>Compute Buffer Sweep — %1</source>
        <translation>计算缓冲区扫描 — %1</translation>
    </message>
    <message>
        <source>Only a model (.gguf) or the llama template can be swept.</source>
        <translation>只有模型（.gguf）或 llama 模板可以扫描。</translation>
    </message>
    <message>
        <source>Values: %1</source>
        <translation>值：%1</translation>
    </message>
    <message numerus="yes">
        <source>Planning %n point(s)…</source>
        <translation>
            <numerusform>正在规划 %n 个点…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sweep cancelled after %n point(s).</source>
        <translation>
            <numerusform>扫描在 %n 个点后取消。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n point(s) planned.</source>
        <translation>
            <numerusform>完成：已规划 %n 个点。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cance&amp;l</source>
        <translation>取消(&amp;L)</translation>
    </message>
    <message>
        <source>The other parameters stay as they are: n_ctx %1.</source>
        <translation>其他参数保持不变：n_ctx %1。</translation>
    </message>
    <message>
        <source>The other parameters stay as they are: n_batch %1.</source>
        <translation>其他参数保持不变：n_batch %1。</translation>
    </message>
    <message>
        <source>ggml 2026: each point is the graph llama.cpp da46e59c reserves with, planned by ggml 2026; llama.cpp&apos;s figure is its context&apos;s compute buffer after the prompt, one-token and prompt graphs.</source>
        <translation>ggml 2026：每个点都是 llama.cpp da46e59c 用来预留的图，由 ggml 2026 规划；llama.cpp 的数值是其上下文在提示图、单词元图和提示图之后的计算缓冲区。</translation>
    </message>
    <message>
        <source>ggml 2023: each point is llama.cpp 2023&apos;s graph, planned by ggml 2023; llama.cpp&apos;s figure is what its worst-case graph reserves.</source>
        <translation>ggml 2023：每个点都是 llama.cpp 2023 的图，由 ggml 2023 规划；llama.cpp 的数值是其最坏情况图所预留的大小。</translation>
    </message>
    <message>
        <source>The other parameters stay as they are: n_ctx %1, n_batch %2.</source>
        <translation>其他参数保持不变：n_ctx %1，n_batch %2。</translation>
    </message>
    <message>
        <source>On devices (choose GPUs in the Devices dock)</source>
        <translation>在设备上（在“设备”停靠窗口中选择 GPU）</translation>
    </message>
    <message>
        <source>On the Devices dock&apos;s devices: %1</source>
        <translation>在“设备”停靠窗口的设备上：%1</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SweepPointModel</name>
    <message numerus="yes">
        <source>%1 %2: %n node(s)</source>
        <translation>
            <numerusform>%1 %2：%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>Compute buffer (ggml): %1</source>
        <translation>计算缓冲区（ggml）：%1</translation>
    </message>
    <message>
        <source>Lower bound: %1</source>
        <translation>下界：%1</translation>
    </message>
    <message>
        <source>Plan / bound: %1</source>
        <translation>计划 / 下界：%1</translation>
    </message>
    <message>
        <source>llama.cpp total: %1</source>
        <translation>llama.cpp 总计：%1</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Compute buffer</source>
        <translation>计算缓冲区</translation>
    </message>
    <message>
        <source>Lower bound</source>
        <translation>下界</translation>
    </message>
    <message>
        <source>Plan / bound</source>
        <translation>计划 / 下界</translation>
    </message>
    <message>
        <source>llama.cpp total</source>
        <translation>llama.cpp 总计</translation>
    </message>
    <message>
        <source>The compute buffer of the graph built at this value</source>
        <translation>以此值构建的图的计算缓冲区</translation>
    </message>
    <message>
        <source>What llama.cpp reserves at this value: the compute buffer of its worst-case graph (n_past = n_ctx − n_batch, the K-shift), plus its graph metadata</source>
        <translation>llama.cpp 在此值下预留的内存：其最坏情况图的计算缓冲区（n_past = n_ctx − n_batch，含 K-shift），加上图的元数据</translation>
    </message>
</context>
<context>
    <name>planscope::ui::TemplateDialog</name>
    <message>
        <source>Two llama-style attention and SwiGLU layers over 4 tokens, with the shapes of stories260K.</source>
        <translation>两个 llama 风格的注意力层和 SwiGLU 层，处理 4 个词元，形状与 stories260K 相同。</translation>
    </message>
    <message>
        <source>A multilayer perceptron: linear layers with ReLU between them, then soft_max.</source>
        <translation>多层感知机：线性层之间使用 ReLU，最后接 soft_max。</translation>
    </message>
    <message>
        <source>A llama decoder as llama.cpp built it in November 2023, with free hyperparameters and placeholder weights.</source>
        <translation>按 llama.cpp 2023 年 11 月的方式构建的 llama 解码器，超参数可自由设置，权重为占位值。</translation>
    </message>
    <message>
        <source>Vocabulary size:</source>
        <translation>词表大小：</translation>
    </message>
    <message>
        <source>Embedding width:</source>
        <translation>嵌入宽度：</translation>
    </message>
    <message>
        <source>Decoder layers:</source>
        <translation>解码器层数：</translation>
    </message>
    <message>
        <source>Linear layers:</source>
        <translation>线性层数：</translation>
    </message>
    <message>
        <source>Attention heads:</source>
        <translation>注意力头数：</translation>
    </message>
    <message>
        <source>Key/value heads (0: one per head):</source>
        <translation>键/值头数（0：每个头一个）：</translation>
    </message>
    <message>
        <source>Feed-forward width:</source>
        <translation>前馈宽度：</translation>
    </message>
    <message>
        <source>Context (KV cache cells):</source>
        <translation>上下文（KV cache 单元数）：</translation>
    </message>
    <message>
        <source>Tokens in the batch:</source>
        <translation>批次中的词元数：</translation>
    </message>
    <message>
        <source>Rows in the batch:</source>
        <translation>批次中的行数：</translation>
    </message>
    <message>
        <source>Cells already filled:</source>
        <translation>已填充的单元数：</translation>
    </message>
    <message>
        <source>KV cache type:</source>
        <translation>KV cache 类型：</translation>
    </message>
    <message>
        <source>Offloaded layers (-ngl):</source>
        <translation>卸载的层数（-ngl）：</translation>
    </message>
    <message>
        <source>Input features:</source>
        <translation>输入特征数：</translation>
    </message>
    <message>
        <source>Hidden width:</source>
        <translation>隐藏层宽度：</translation>
    </message>
    <message>
        <source>Output classes:</source>
        <translation>输出类别数：</translation>
    </message>
    <message>
        <source>New from Template</source>
        <translation>从模板新建</translation>
    </message>
    <message>
        <source>&amp;Template:</source>
        <translation>模板(&amp;T)：</translation>
    </message>
    <message>
        <source>This template has no parameters.</source>
        <translation>此模板没有参数。</translation>
    </message>
    <message>
        <source>Worst case (llama.cpp&apos;s measure graph):</source>
        <translation>最坏情况（llama.cpp 的测量图）：</translation>
    </message>
</context>
<context>
    <name>planscope::ui::TensorListModel</name>
    <message>
        <source>%1 (view)</source>
        <translation>%1（视图）</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
</context>
<context>
    <name>planscope::ui::TensorListPanel</name>
    <message>
        <source>Filter by name, op, type or shape</source>
        <translation>按名称、算子、类型或形状筛选</translation>
    </message>
</context>
<context>
    <name>planscope::ui::TensorNodeItem</name>
    <message>
        <source>Breakpoint: stepping stops at its events</source>
        <translation>断点：单步执行会在其事件处停下</translation>
    </message>
</context>
<context>
    <name>planscope::ui::TimingModel</name>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>total (%n splits)</source>
        <translation>
            <numerusform>合计（%n 个拆分）</numerusform>
        </translation>
    </message>
    <message>
        <source>Split</source>
        <translation>拆分</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <source>Copy µs</source>
        <translation>复制 µs</translation>
    </message>
    <message>
        <source>Compute µs</source>
        <translation>计算 µs</translation>
    </message>
</context>
<context>
    <name>planscope::ui::VersionCompareDialog</name>
    <message>
        <source>Cance&amp;l</source>
        <translation>取消(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>Compare ggml versions — %1</source>
        <translation>比较 ggml 版本 — %1</translation>
    </message>
    <message>
        <source>Comparison cancelled.</source>
        <translation>比较已取消。</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <source>Comparison failed: %1</source>
        <translation>比较失败：%1</translation>
    </message>
    <message>
        <source>Tensors placed differently: %1</source>
        <translation>放置不同的张量：%1</translation>
    </message>
    <message>
        <source>ggml 2023: %1 (max_size), tensors placed: %2</source>
        <translation>ggml 2023：%1（max_size），已放置张量：%2</translation>
    </message>
    <message>
        <source>ggml 2026: %1 (chunks: %2), tensors placed: %3</source>
        <translation>ggml 2026：%1（分块：%2），已放置张量：%3</translation>
    </message>
    <message>
        <source>The document has a parse_seq: ggml 2023 frees at its barriers, ggml 2026 ignores it.</source>
        <translation>文档包含 parse_seq：ggml 2023 在其屏障处释放，ggml 2026 忽略它。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Both versions place every tensor alike.</source>
        <translation>两个版本对每个张量的放置完全相同。</translation>
    </message>
</context>
<context>
    <name>planscope::ui::VersionDiffModel</name>
    <message>
        <source>leaf allocated by 2026</source>
        <translation>叶子由 2026 分配</translation>
    </message>
    <message>
        <source>unused leaf kept by 2026</source>
        <translation>未使用的叶子由 2026 保留</translation>
    </message>
    <message>
        <source>input placed first by 2026</source>
        <translation>输入由 2026 优先放置</translation>
    </message>
    <message>
        <source>output kept by 2026</source>
        <translation>输出由 2026 保留</translation>
    </message>
    <message>
        <source>in-place refused: parent is a view</source>
        <translation>拒绝就地：父节点是视图</translation>
    </message>
    <message>
        <source>in-place refused: parent is an output</source>
        <translation>拒绝就地：父节点是输出</translation>
    </message>
    <message>
        <source>in-place over a parent 2023 did not own</source>
        <translation>就地覆盖 2023 不拥有的父节点</translation>
    </message>
    <message>
        <source>parse_seq ignored by 2026</source>
        <translation>parse_seq 被 2026 忽略</translation>
    </message>
    <message>
        <source>moved</source>
        <translation>已移动</translation>
    </message>
    <message>
        <source>ggml 2026 places every leaf without data before the first node; 2023 placed it when a node first read it.</source>
        <translation>ggml 2026 在第一个节点之前放置每个没有数据的叶子；2023 则在某个节点首次读取它时才放置。</translation>
    </message>
    <message>
        <source>A leaf that no node reads: only ggml 2026 places it, and keeps it to the end.</source>
        <translation>没有任何节点读取的叶子：只有 ggml 2026 会放置它，并保留到最后。</translation>
    </message>
    <message>
        <source>ggml 2026 places the INPUT tensors before the nodes, in leaf then node order.</source>
        <translation>ggml 2026 在各节点之前放置 INPUT 张量，先按叶子顺序，再按节点顺序。</translation>
    </message>
    <message>
        <source>ggml 2026 never frees an OUTPUT; 2023 did after its last reader.</source>
        <translation>ggml 2026 从不释放 OUTPUT 张量；2023 会在其最后一个读取者之后释放它。</translation>
    </message>
    <message>
        <source>ggml 2023 computed it in place over a view; a view is never ggml 2026&apos;s own to take over.</source>
        <translation>ggml 2023 在视图上就地计算了它；视图从不归 ggml 2026 所有，因此不能被接管。</translation>
    </message>
    <message>
        <source>ggml 2026 refuses to overwrite an OUTPUT in place; 2023 did.</source>
        <translation>ggml 2026 拒绝就地覆盖 OUTPUT 张量；2023 则会覆盖。</translation>
    </message>
    <message>
        <source>ggml 2026 computed it in place over a parent that was not ggml 2023&apos;s own to take over.</source>
        <translation>ggml 2026 在一个父节点上就地计算了它，而该父节点不归 ggml 2023 所有，2023 不能接管它。</translation>
    </message>
    <message>
        <source>ggml 2023 frees at the document&apos;s parse_seq barriers; ggml 2026 has no parse_seq.</source>
        <translation>ggml 2023 在文档的 parse_seq 屏障处释放；ggml 2026 没有 parse_seq。</translation>
    </message>
    <message>
        <source>No rule of its own: an earlier difference left ggml 2026 another free list.</source>
        <translation>没有自身的规则：之前的一处差异使 ggml 2026 的空闲列表不同。</translation>
    </message>
    <message>
        <source>Not placed by ggml %1</source>
        <translation>ggml %1 未放置</translation>
    </message>
    <message>
        <source>Freed by ggml %1 before the end of the graph</source>
        <translation>ggml %1 在图结束前释放</translation>
    </message>
    <message>
        <source>Kept by ggml %1 to the end of the graph</source>
        <translation>ggml %1 保留至图结束</translation>
    </message>
    <message>
        <source>No rule of its own: the difference of %1 before it left ggml 2026 another free list.</source>
        <translation>没有自身的规则：它之前 %1 的差异使 ggml 2026 的空闲列表不同。</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Offset (2023)</source>
        <translation>偏移（2023）</translation>
    </message>
    <message>
        <source>Offset (2026)</source>
        <translation>偏移（2026）</translation>
    </message>
    <message>
        <source>In place of (2023)</source>
        <translation>就地复用（2023）</translation>
    </message>
    <message>
        <source>In place of (2026)</source>
        <translation>就地复用（2026）</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Because of</source>
        <translation>起因</translation>
    </message>
</context>
<context>
    <name>planscope::ui::WhatIfBar</name>
    <message>
        <source>What If</source>
        <translation>假设分析</translation>
    </message>
    <message>
        <source>KV cache cells, n_ctx (--ctx)</source>
        <translation>KV cache 单元数，n_ctx（--ctx）</translation>
    </message>
    <message>
        <source>Tokens in the graph, n_batch (--batch)</source>
        <translation>图中的词元数，n_batch（--batch）</translation>
    </message>
    <message>
        <source>Layers on the second backend (--ngl)</source>
        <translation>第二个后端上的层数（--ngl）</translation>
    </message>
    <message>
        <source>KV cache type (--kv-type)</source>
        <translation>KV cache 类型（--kv-type）</translation>
    </message>
    <message>
        <source>What if: ctx </source>
        <translation>假设：ctx </translation>
    </message>
    <message>
        <source> batch </source>
        <translation> batch </translation>
    </message>
    <message>
        <source> ngl </source>
        <translation> ngl </translation>
    </message>
    <message>
        <source>= batch</source>
        <translation>= batch</translation>
    </message>
    <message>
        <source> ubatch </source>
        <translation> ubatch </translation>
    </message>
    <message>
        <source> seqs </source>
        <translation> 序列 </translation>
    </message>
    <message>
        <source> FA </source>
        <translation> FA </translation>
    </message>
    <message>
        <source> K </source>
        <translation> K </translation>
    </message>
    <message>
        <source> V </source>
        <translation> V </translation>
    </message>
    <message>
        <source>Tokens in the reserve graph, n_ubatch (--ubatch)</source>
        <translation>预留图中的词元数，n_ubatch（--ubatch）</translation>
    </message>
    <message>
        <source>Sequences, n_seq_max (--seqs)</source>
        <translation>序列数，n_seq_max（--seqs）</translation>
    </message>
    <message>
        <source>Flash attention (--flash-attn)</source>
        <translation>Flash attention（--flash-attn）</translation>
    </message>
    <message>
        <source>K cache type (--kv-type-k)</source>
        <translation>K cache 类型（--kv-type-k）</translation>
    </message>
    <message>
        <source>V cache type (--kv-type-v)</source>
        <translation>V cache 类型（--kv-type-v）</translation>
    </message>
</context>
<context>
    <name>planscope::ui::WhyPanel</name>
    <message>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>chosen</source>
        <translation>已选</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>可容纳</translation>
    </message>
    <message>
        <source>too small</source>
        <translation>过小</translation>
    </message>
    <message>
        <source>last block</source>
        <translation>最后一个块</translation>
    </message>
    <message>
        <source>&lt;i&gt;Planning…&lt;/i&gt;</source>
        <translation>&lt;i&gt;正在规划…&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;Step 0: nothing allocated yet. Step forward (F10) to see each decision.&lt;/i&gt;</source>
        <translation>&lt;i&gt;第 0 步：尚未分配任何内容。向前单步（F10）以查看每个决策。&lt;/i&gt;</translation>
    </message>
</context>
<context>
    <name>planscope::ui::WhyText</name>
    <message>
        <source>Allocate %1: %2 bytes at offset %3</source>
        <translation>分配 %1：%2 字节，偏移 %3</translation>
    </message>
    <message>
        <source>No block before the last one is large enough, so the last block, the end of the buffer, is used as the last resort.</source>
        <translation>最后一个块之前没有足够大的块，因此使用最后一个块（即缓冲区末尾）作为最后手段。</translation>
    </message>
    <message numerus="yes">
        <source>Best fit: block %1 (%2 bytes) is the smallest of %n fitting block(s); %3 earlier block(s) have the same size and the later one wins (the seed compares with &lt;=).</source>
        <translation>
            <numerusform>最佳适配：块 %1（%2 字节）是 %n 个可容纳块中最小的；有 %3 个更早的块大小相同，由较晚的块胜出（种子代码使用 &lt;= 比较）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Best fit: block %1 (%2 bytes) is the smallest of %n fitting block(s); the last block is kept as the last resort.</source>
        <translation>
            <numerusform>最佳适配：块 %1（%2 字节）是 %n 个可容纳块中最小的；最后一个块保留作为最后手段。</numerusform>
        </translation>
    </message>
    <message>
        <source>The buffer&apos;s high-water mark grows from %1 to %2 bytes.</source>
        <translation>缓冲区的高水位从 %1 字节增长到 %2 字节。</translation>
    </message>
    <message>
        <source>%1 is not in this allocator&apos;s buffer (a weight, the KV cache or an unallocated tensor), so %2 cannot take its memory.</source>
        <translation>%1 不在此分配器的缓冲区中（权重、KV cache 或未分配的张量），因此 %2 不能占用其内存。</translation>
    </message>
    <message>
        <source>%1 has other children still to run, which read it after %2.</source>
        <translation>%1 还有其他子节点待运行，它们会在 %2 之后读取它。</translation>
    </message>
    <message>
        <source>Views of %1 are still alive, so its memory cannot go to %2.</source>
        <translation>%1 的视图仍然存活，因此其内存不能交给 %2。</translation>
    </message>
    <message>
        <source>The type, shape or strides of %2 differ from those of %1.</source>
        <translation>%2 的类型、形状或步长与 %1 不同。</translation>
    </message>
    <message>
        <source>%1 is a view whose source has other views or children.</source>
        <translation>%1 是一个视图，其源还有其他视图或子节点。</translation>
    </message>
    <message>
        <source>%1 is a view that does not start at its source&apos;s first byte.</source>
        <translation>%1 是一个视图，但不是从其源的第一个字节开始。</translation>
    </message>
    <message>
        <source>Inplace: %1 reuses %2 at offset %3</source>
        <translation>就地：%1 复用 %2，偏移 %3</translation>
    </message>
    <message>
        <source>%1 can run in place, and its parent %2 has no other children left to run, no live views and the same layout, so the node takes over the parent&apos;s memory.</source>
        <translation>%1 可以就地运行，且其父节点 %2 已没有其他待运行的子节点、没有存活的视图且布局相同，因此该节点接管父节点的内存。</translation>
    </message>
    <message>
        <source>The parent is a view: the node aliases its source %1.</source>
        <translation>父节点是一个视图：该节点成为其源 %1 的别名。</translation>
    </message>
    <message>
        <source>Not reusing %1 for %2</source>
        <translation>不将 %1 复用于 %2</translation>
    </message>
    <message>
        <source>Free %1: %2 bytes at offset %3</source>
        <translation>释放 %1：%2 字节，偏移 %3</translation>
    </message>
    <message>
        <source>Its last child has run. The range joins the free list (%1) as block %2, [%3, %4).</source>
        <translation>其最后一个子节点已运行。该区间并入空闲列表（%1），成为块 %2，[%3, %4)。</translation>
    </message>
    <message>
        <source>unbounded</source>
        <translation>无界</translation>
    </message>
    <message>
        <source>Its last child has run. The range joins the free list (%1) as block %2, the unbounded tail from offset %3.</source>
        <translation>其最后一个子节点已运行。该区间并入空闲列表（%1），成为块 %2，即从偏移 %3 开始的无界末尾。</translation>
    </message>
    <message>
        <source>%1 is a graph output, which ggml 2026 never lets %2 overwrite.</source>
        <translation>%1 是图的输出，ggml 2026 从不允许 %2 覆盖它。</translation>
    </message>
    <message>
        <source>%1 is a view: ggml 2026 takes over only memory this pass allocated itself, never a view&apos;s, so %2 gets memory of its own.</source>
        <translation>%1 是一个视图：ggml 2026 只接管本轮自己分配的内存，从不接管视图的内存，因此 %2 获得自己的内存。</translation>
    </message>
</context>
</TS>
