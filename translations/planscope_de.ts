<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ExportSettings</name>
    <message>
        <source>Split diagram</source>
        <translation>Split-Diagramm</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Execution trace</source>
        <translation>Ausführungsprotokoll</translation>
    </message>
    <message>
        <source>Allocation trace</source>
        <translation>Allokationsprotokoll</translation>
    </message>
    <message>
        <source>Canvas view</source>
        <translation>Zeichenflächen-Ansicht</translation>
    </message>
    <message>
        <source>Buffer views</source>
        <translation>Puffer-Ansichten</translation>
    </message>
</context>
<context>
    <name>ModelOptionsText</name>
    <message>
        <source>token %1 is empty</source>
        <translation>Token %1 ist leer</translation>
    </message>
    <message>
        <source>token %1 &apos;%2&apos; is not an integer</source>
        <translation>Token %1 „%2“ ist keine Ganzzahl</translation>
    </message>
    <message>
        <source>token %1 (%2) is negative</source>
        <translation>Token %1 (%2) ist negativ</translation>
    </message>
    <message>
        <source>token %1 (%2) is outside the vocabulary [0, %3)</source>
        <translation>Token %1 (%2) liegt außerhalb des Vokabulars [0, %3)</translation>
    </message>
    <message>
        <source>token %1 (%2) is too large</source>
        <translation>Token %1 (%2) ist zu groß</translation>
    </message>
    <message>
        <source>n_ctx must be positive, got %1</source>
        <translation>n_ctx muss positiv sein, erhalten: %1</translation>
    </message>
    <message>
        <source>n_batch must be positive, got %1</source>
        <translation>n_batch muss positiv sein, erhalten: %1</translation>
    </message>
    <message>
        <source>n_past must not be negative, got %1</source>
        <translation>n_past darf nicht negativ sein, erhalten: %1</translation>
    </message>
    <message>
        <source>ngl must not be negative, got %1</source>
        <translation>ngl darf nicht negativ sein, erhalten: %1</translation>
    </message>
    <message>
        <source>n_batch %1 exceeds n_ctx %2</source>
        <translation>n_batch %1 übersteigt n_ctx %2</translation>
    </message>
    <message>
        <source>n_past + n_batch = %1 exceeds n_ctx %2</source>
        <translation>n_past + n_batch = %1 übersteigt n_ctx %2</translation>
    </message>
    <message>
        <source>the prompt has %1 token ids but n_batch is %2</source>
        <translation>der Prompt hat %1 Token-IDs, aber n_batch ist %2</translation>
    </message>
    <message>
        <source>Not in the 2026 era yet: llama.cpp 2026 sizes its compute buffer with every KV cell, from cell 0</source>
        <translation>Noch nicht in der Ära 2026: llama.cpp 2026 bemisst seinen Rechenpuffer mit jeder KV-Zelle, ab Zelle 0</translation>
    </message>
    <message>
        <source>Not in the 2026 era yet: every layer is on the CPU there (View &gt; Allocator &gt; ggml 2023 offloads layers)</source>
        <translation>Noch nicht in der Ära 2026: dort liegt jede Schicht auf der CPU (Ansicht &gt; Allokator &gt; ggml 2023 lagert Schichten aus)</translation>
    </message>
    <message>
        <source>Not in the 2026 era yet: llama.cpp 2026 reserves with every KV cell already, so there is no separate worst-case graph</source>
        <translation>Noch nicht in der Ära 2026: llama.cpp 2026 reserviert bereits mit jeder KV-Zelle, einen eigenen Graphen für den schlimmsten Fall gibt es nicht</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023 had no ubatch (a graph is n_batch tokens)</source>
        <translation>Nicht in der Ära 2023: llama.cpp 2023 hatte keinen ubatch (ein Graph umfasst n_batch Tokens)</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023&apos;s graph holds one sequence</source>
        <translation>Nicht in der Ära 2023: der Graph von llama.cpp 2023 enthält eine Sequenz</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023 had no flash attention</source>
        <translation>Nicht in der Ära 2023: llama.cpp 2023 hatte keine Flash Attention</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023 stores K and V as f16 or f32</source>
        <translation>Nicht in der Ära 2023: llama.cpp 2023 speichert K und V als f16 oder f32</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023 stores K and V as one type, the K field&apos;s</source>
        <translation>Nicht in der Ära 2023: llama.cpp 2023 speichert K und V als einen Typ, den des K-Felds</translation>
    </message>
    <message>
        <source>n_ubatch must be 0 (n_batch) or positive, got %1</source>
        <translation>n_ubatch muss 0 (n_batch) oder positiv sein, erhalten: %1</translation>
    </message>
    <message>
        <source>the sequences must be 1 to 256, got %1</source>
        <translation>die Sequenzen müssen 1 bis 256 sein, erhalten: %1</translation>
    </message>
    <message>
        <source>a quantized V cache needs flash attention (auto or on)</source>
        <translation>ein quantisierter V-Cache braucht Flash Attention (auto oder on)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Shows how ggml&apos;s allocator and scheduler place every tensor of a compute graph.</source>
        <translation>Zeigt, wie der Allocator und der Scheduler von ggml jeden Tensor eines Rechengraphen platzieren.</translation>
    </message>
    <message>
        <source>Render the main window to a PNG file and exit.</source>
        <translation>Das Hauptfenster als PNG-Datei speichern und beenden.</translation>
    </message>
    <message>
        <source>OUT.png</source>
        <translation>AUSGABE.png</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>DATEI</translation>
    </message>
    <message>
        <source>[FILE]</source>
        <translation>[DATEI]</translation>
    </message>
    <message>
        <source>expected at most one FILE, got %1</source>
        <translation>höchstens eine DATEI erwartet, %1 erhalten</translation>
    </message>
    <message>
        <source>A graph (.json), model (.gguf) or ggml DOT dump (.dot) to open; without one the embedded %1 model opens with an 8-token prompt.</source>
        <translation>Ein zu öffnender Graph (.json), ein Modell (.gguf) oder ein ggml-DOT-Abzug (.dot); ohne Angabe wird das eingebettete Modell %1 mit einem Prompt aus 8 Token geöffnet.</translation>
    </message>
    <message>
        <source>Open the plan at step N (N allocator events applied).</source>
        <translation>Den Plan bei Schritt N öffnen (N Allocator-Ereignisse angewendet).</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>--step takes a number of steps, not &apos;%1&apos;</source>
        <translation>--step erwartet eine Anzahl von Schritten, nicht „%1“</translation>
    </message>
    <message>
        <source>BACKENDS</source>
        <translation>BACKENDS</translation>
    </message>
    <message>
        <source>With --schedule: show the split overview.</source>
        <translation>Mit --schedule: die Split-Übersicht zeigen.</translation>
    </message>
    <message>
        <source>--split-overview needs --schedule</source>
        <translation>--split-overview erfordert --schedule</translation>
    </message>
    <message>
        <source>Re-plan the model with N layers on the second backend, as the what-if bar&apos;s ngl.</source>
        <translation>Das Modell mit N Schichten auf dem zweiten Backend neu planen, wie ngl in der Was-wäre-wenn-Leiste.</translation>
    </message>
    <message>
        <source>Bring PANEL to the front: peak, causes (with --schedule) or devices=PROFILE,... (the Devices dock with those GPUs).</source>
        <translation>PANEL in den Vordergrund holen: peak, causes (mit --schedule) oder devices=PROFIL,... (das Geräte-Dock mit diesen GPUs).</translation>
    </message>
    <message>
        <source>PANEL</source>
        <translation>PANEL</translation>
    </message>
    <message>
        <source>--ngl takes a number of layers, not &apos;%1&apos;</source>
        <translation>--ngl erwartet eine Anzahl Schichten, nicht „%1“</translation>
    </message>
    <message>
        <source>VERSION</source>
        <translation>VERSION</translation>
    </message>
    <message>
        <source>--ggml is 2023 or 2026, not &apos;%1&apos;</source>
        <translation>--ggml ist 2023 oder 2026, nicht „%1“</translation>
    </message>
    <message>
        <source>With --ggml 2026: the buffer type&apos;s maximum size in bytes, as View &gt; Allocator &gt; Maximum Buffer Size.</source>
        <translation>Mit --ggml 2026: die maximale Größe des Puffertyps in Bytes, wie Ansicht &gt; Allokator &gt; Maximale Puffergröße.</translation>
    </message>
    <message>
        <source>--max-buffer-size takes a positive number of bytes, not &apos;%1&apos;</source>
        <translation>--max-buffer-size erwartet eine positive Anzahl Bytes, nicht „%1“</translation>
    </message>
    <message>
        <source>--max-buffer-size goes with --ggml 2026</source>
        <translation>--max-buffer-size gehört zu --ggml 2026</translation>
    </message>
    <message>
        <source>--schedule does not apply to a GGML_SCHED_DEBUG log: it shows the assignment it printed</source>
        <translation>--schedule gilt nicht für ein GGML_SCHED_DEBUG-Protokoll: es zeigt die Zuweisung, die es ausgegeben hat</translation>
    </message>
    <message>
        <source>Plan, schedule and run as ggml VERSION, 2023 or 2026 (a .gguf model&apos;s default), as View &gt; Allocator.</source>
        <translation>Wie ggml VERSION planen, verteilen und ausführen, 2023 oder 2026 (Standard eines .gguf-Modells), wie Ansicht &gt; Allokator.</translation>
    </message>
    <message>
        <source>Schedule the graph on BACKENDS (e.g. cpu,opencl) as Schedule (F7) does, or with devices=PROFILE,... plan a model on those device profiles as the Devices dock&apos;s Plan on These Devices does.</source>
        <translation>Den Graphen auf BACKENDS (z. B. cpu,opencl) verteilen wie Verteilen (F7), oder mit devices=PROFIL,... ein Modell auf diesen Geräteprofilen planen wie „Auf diesen Geräten planen“ im Geräte-Dock.</translation>
    </message>
</context>
<context>
    <name>planscope::ui::AssignmentModel</name>
    <message>
        <source>user</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>1 · buffers</source>
        <translation>1 · Puffer</translation>
    </message>
    <message>
        <source>2 · sources</source>
        <translation>2 · Quellen</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>nicht unterstützt</translation>
    </message>
    <message>
        <source>3 · unassigned</source>
        <translation>3 · nicht zugewiesen</translation>
    </message>
    <message>
        <source>4 · copy</source>
        <translation>4 · Kopie</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Durchlauf</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Ursache</translation>
    </message>
    <message>
        <source>2 · expand</source>
        <translation>2 · Ausdehnen</translation>
    </message>
    <message>
        <source>3 · upgrade</source>
        <translation>3 · Aufwerten</translation>
    </message>
    <message>
        <source>4 · remaining</source>
        <translation>4 · Übrige</translation>
    </message>
    <message>
        <source>5 · copy</source>
        <translation>5 · Kopie</translation>
    </message>
    <message>
        <source>log</source>
        <translation>Protokoll</translation>
    </message>
</context>
<context>
    <name>planscope::ui::AssignmentReplay</name>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>User assignment</source>
        <translation>Benutzerzuweisung</translation>
    </message>
    <message>
        <source>Pass 1: buffers</source>
        <translation>Durchlauf 1: Puffer</translation>
    </message>
    <message>
        <source>Pass 2: sources</source>
        <translation>Durchlauf 2: Quellen</translation>
    </message>
    <message>
        <source>Unsupported op</source>
        <translation>Nicht unterstützte Operation</translation>
    </message>
    <message>
        <source>Pass 3: unassigned sources</source>
        <translation>Durchlauf 3: nicht zugewiesene Quellen</translation>
    </message>
    <message>
        <source>Pass 4: split copies</source>
        <translation>Durchlauf 4: Kopien der Splits</translation>
    </message>
    <message>
        <source>%1 — %2 → %3 (%4)</source>
        <translation>%1 — %2 → %3 (%4)</translation>
    </message>
    <message>
        <source>Laying out the graph for the replay…</source>
        <translation>Graph wird für die Wiedergabe angeordnet…</translation>
    </message>
    <message>
        <source>Replay stopped: the layout was cancelled</source>
        <translation>Wiedergabe angehalten: das Layout wurde abgebrochen</translation>
    </message>
    <message numerus="yes">
        <source>Pass 4: laying out %n split(s)…</source>
        <translation>
            <numerusform>Durchlauf 4: %n Split wird angeordnet…</numerusform>
            <numerusform>Durchlauf 4: %n Splits werden angeordnet…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replayed %n assignment(s)</source>
        <translation>
            <numerusform>%n Zuweisung wiedergegeben</numerusform>
            <numerusform>%n Zuweisungen wiedergegeben</numerusform>
        </translation>
    </message>
    <message>
        <source>backend %1 · %2 (%3)</source>
        <translation>Backend %1 · %2 (%3)</translation>
    </message>
    <message>
        <source>Pass 2: expand to neighbours</source>
        <translation>Durchlauf 2: auf Nachbarn ausdehnen</translation>
    </message>
    <message>
        <source>Pass 3: upgrade and best backend</source>
        <translation>Durchlauf 3: Aufwerten und bestes Backend</translation>
    </message>
    <message>
        <source>Pass 4: remaining sources</source>
        <translation>Durchlauf 4: übrige Quellen</translation>
    </message>
    <message>
        <source>Pass 5: split copies</source>
        <translation>Durchlauf 5: Kopien der Splits</translation>
    </message>
    <message>
        <source>As the log printed it</source>
        <translation>Wie im Protokoll ausgegeben</translation>
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
Klicken Sie, um einen Block zu öffnen (die Zelle unter der Maus)</translation>
    </message>
    <message>
        <source>%1
%2
Click the header to close it</source>
        <translation>%1
%2
Klicken Sie auf die Kopfzeile, um ihn zu schließen</translation>
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
        <translation>je %1 Knoten</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 Knoten</translation>
    </message>
    <message>
        <source>%1 results</source>
        <translation>%1 Ergebnisse</translation>
    </message>
    <message>
        <source>%1 weights</source>
        <translation>%1 Gewichte</translation>
    </message>
    <message>
        <source>split %1</source>
        <translation>Split %1</translation>
    </message>
    <message>
        <source>splits %1–%2</source>
        <translation>Splits %1–%2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::Breakpoints</name>
    <message>
        <source>Next inplace reuse</source>
        <translation>Nächste Inplace-Wiederverwendung</translation>
    </message>
    <message>
        <source>Next refused reuse</source>
        <translation>Nächste abgelehnte Wiederverwendung</translation>
    </message>
    <message>
        <source>Next allocation from the last block</source>
        <translation>Nächste Allokation aus dem letzten Block</translation>
    </message>
    <message>
        <source>Next failure</source>
        <translation>Nächster Fehler</translation>
    </message>
    <message>
        <source>Next split</source>
        <translation>Nächster Split</translation>
    </message>
    <message>
        <source>inplace reuse</source>
        <translation>Inplace-Wiederverwendung</translation>
    </message>
    <message>
        <source>refused reuse</source>
        <translation>abgelehnte Wiederverwendung</translation>
    </message>
    <message>
        <source>allocation from the last block</source>
        <translation>Allokation aus dem letzten Block</translation>
    </message>
    <message>
        <source>failure</source>
        <translation>Fehlschlag</translation>
    </message>
    <message>
        <source>start of a split</source>
        <translation>Beginn eines Splits</translation>
    </message>
    <message>
        <source>Breakpoint at step %1: tensor %2</source>
        <translation>Haltepunkt bei Schritt %1: Tensor %2</translation>
    </message>
    <message>
        <source>Breakpoint at step %1: %2</source>
        <translation>Haltepunkt bei Schritt %1: %2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::BufferListModel</name>
    <message>
        <source>Buffer</source>
        <translation>Puffer</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Alignment</source>
        <translation>Ausrichtung</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>Tensoren</translation>
    </message>
    <message>
        <source>llama.cpp prints: %1</source>
        <translation>llama.cpp gibt aus: %1</translation>
    </message>
    <message>
        <source>llama.cpp</source>
        <translation>llama.cpp</translation>
    </message>
    <message>
        <source>%1 (prompt graph)</source>
        <translation>%1 (Prompt-Graph)</translation>
    </message>
    <message>
        <source>llama.cpp reserves: %1 (worst-case graph)
prompt graph: %2</source>
        <translation>llama.cpp reserviert: %1 (Graph für den schlimmsten Fall)
Prompt-Graph: %2</translation>
    </message>
    <message>
        <source>llama.cpp reserves: not planned (%1)
prompt graph: %2</source>
        <translation>llama.cpp reserviert: nicht geplant (%1)
Prompt-Graph: %2</translation>
    </message>
    <message>
        <source>prompt graph: %1 (llama.cpp reserves with its worst-case graph)</source>
        <translation>Prompt-Graph: %1 (llama.cpp reserviert mit seinem Graphen für den schlimmsten Fall)</translation>
    </message>
    <message>
        <source>llama.cpp da46e59c reserves: %1 (after its prompt, one-token and prompt graphs)
this prompt graph alone: %2</source>
        <translation>llama.cpp da46e59c reserviert: %1 (nach seinen Prompt-, Ein-Token- und Prompt-Graphen)
dieser Prompt-Graph allein: %2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::BufferView</name>
    <message>
        <source>tensor %1</source>
        <translation>Tensor %1</translation>
    </message>
    <message>
        <source>%1 at offset %2, %3</source>
        <translation>%1 an Offset %2, %3</translation>
    </message>
    <message>
        <source>Free block</source>
        <translation>Freier Block</translation>
    </message>
    <message>
        <source>never freed (the free covered only a prefix)</source>
        <translation>nie freigegeben (die Freigabe umfasste nur ein Präfix)</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>alloziert</translation>
    </message>
    <message>
        <source>inplace: reuses the memory of %1</source>
        <translation>inplace: verwendet den Speicher von %1 wieder</translation>
    </message>
    <message>
        <source>view of %1</source>
        <translation>Sicht auf %1</translation>
    </message>
    <message>
        <source>offset %1, %2</source>
        <translation>Offset %1, %2</translation>
    </message>
    <message>
        <source>No allocation recorded</source>
        <translation>Keine Allokation aufgezeichnet</translation>
    </message>
    <message>
        <source>%1 (%2): pre-allocated, %3</source>
        <translation>%1 (%2): vorab alloziert, %3</translation>
    </message>
    <message>
        <source>%1 — %2 live, high-water %3</source>
        <translation>%1 — %2 belegt, Höchststand %3</translation>
    </message>
    <message numerus="yes">
        <source>Pre-allocated — %n buffer(s), %1</source>
        <translation>
            <numerusform>Vorab alloziert — %n Puffer, %1</numerusform>
            <numerusform>Vorab alloziert — %n Puffer, %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %2, %n tensor(s)</source>
        <translation>
            <numerusform>%1: %2, %n Tensor</numerusform>
            <numerusform>%1: %2, %n Tensoren</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2 live</source>
        <translation>%1 — %2 belegt</translation>
    </message>
    <message>
        <source>Pre-allocated — %1</source>
        <translation>Vorab alloziert — %1</translation>
    </message>
    <message>
        <source>Pre-allocated</source>
        <translation>Vorab alloziert</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::BuffersPanel</name>
    <message>
        <source>llama.cpp da46e59c&apos;s memory by buffer type:</source>
        <translation>Speicher von llama.cpp da46e59c nach Puffertyp:</translation>
    </message>
    <message>
        <source>What llama_memory_breakdown prints for this model and context, and the output buffer</source>
        <translation>Was llama_memory_breakdown für dieses Modell und diesen Kontext ausgibt, dazu der Ausgabepuffer</translation>
    </message>
</context>
<context>
    <name>planscope::ui::CanvasHint</name>
    <message>
        <source>Got it</source>
        <translation>Verstanden</translation>
    </message>
    <message>
        <source>&lt;b&gt;Click a tensor&lt;/b&gt; to see where it lives and why (Inspector, Why panel).</source>
        <translation>&lt;b&gt;Klicken Sie auf einen Tensor&lt;/b&gt;, um zu sehen, wo er liegt und warum (Inspektor, Warum-Bereich).</translation>
    </message>
    <message>
        <source>&lt;b&gt;F10&lt;/b&gt; steps through the allocator&apos;s plan, &lt;b&gt;F5&lt;/b&gt; plays it; &lt;b&gt;Home&lt;/b&gt; / &lt;b&gt;End&lt;/b&gt; go to the first / last step; &lt;b&gt;F9&lt;/b&gt; sets a breakpoint on the selected tensor.</source>
        <translation>&lt;b&gt;F10&lt;/b&gt; geht schrittweise durch den Plan des Allocators, &lt;b&gt;F5&lt;/b&gt; spielt ihn ab; &lt;b&gt;Pos1&lt;/b&gt; / &lt;b&gt;Ende&lt;/b&gt; springen zum ersten / letzten Schritt; &lt;b&gt;F9&lt;/b&gt; setzt einen Haltepunkt auf den ausgewählten Tensor.</translation>
    </message>
    <message>
        <source>The &lt;b&gt;Peak&lt;/b&gt; tab lists what is live when a compute buffer is fullest.</source>
        <translation>Der Reiter &lt;b&gt;Höchststand&lt;/b&gt; listet, was belegt ist, wenn ein Rechenpuffer am vollsten ist.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Help → Keyboard Shortcuts&lt;/b&gt; lists every key.</source>
        <translation>&lt;b&gt;Hilfe → Tastenkürzel&lt;/b&gt; listet jede Taste.</translation>
    </message>
    <message>
        <source>Getting started</source>
        <translation>Erste Schritte</translation>
    </message>
    <message>
        <source>&lt;b&gt;F7&lt;/b&gt; schedules the graph over the backends. A llama model leaves the CPU only for the layers &lt;b&gt;ngl&lt;/b&gt; puts on the second backend (what-if bar, remembered): at 0 it runs in one split. The Splits dock&apos;s &lt;b&gt;Causes&lt;/b&gt; tab says why it splits.</source>
        <translation>&lt;b&gt;F7&lt;/b&gt; verteilt den Graphen auf die Backends. Ein llama-Modell verlässt die CPU nur mit den Schichten, die &lt;b&gt;ngl&lt;/b&gt; auf das zweite Backend legt (Was-wäre-wenn-Leiste, wird gemerkt): bei 0 läuft es in einem Split. Der Reiter &lt;b&gt;Ursachen&lt;/b&gt; im Splits-Dock sagt, warum es sich teilt.</translation>
    </message>
</context>
<context>
    <name>planscope::ui::CapturePanel</name>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Open a capture (.pscap, planscope-cli capture -- COMMAND) to list its records here.</source>
        <translation>Öffnen Sie einen Mitschnitt (.pscap, planscope-cli capture -- BEFEHL), um hier seine Datensätze aufzulisten.</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n run(s), %2 graph records; record %3 is open (activate another to open it)</source>
        <translation>
            <numerusform>%1: %n Lauf, %2 Graph-Datensätze; Datensatz %3 ist geöffnet (einen anderen aktivieren, um ihn zu öffnen)</numerusform>
            <numerusform>%1: %n Läufe, %2 Graph-Datensätze; Datensatz %3 ist geöffnet (einen anderen aktivieren, um ihn zu öffnen)</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
</context>
<context>
    <name>planscope::ui::CaptureRecordModel</name>
    <message>
        <source>Run %1: %2</source>
        <translation>Lauf %1: %2</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Splits</source>
        <translation>Splits</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation>Laufzeit</translation>
    </message>
    <message>
        <source>Compute buffers</source>
        <translation>Rechenpuffer</translation>
    </message>
</context>
<context>
    <name>planscope::ui::CompareDialog</name>
    <message>
        <source>&amp;Compare</source>
        <translation>&amp;Vergleichen</translation>
    </message>
    <message>
        <source>Compare planners — %1</source>
        <translation>Planer vergleichen — %1</translation>
    </message>
    <message>
        <source>Planner &amp;A:</source>
        <translation>Planer &amp;A:</translation>
    </message>
    <message>
        <source>Planner &amp;B:</source>
        <translation>Planer &amp;B:</translation>
    </message>
    <message>
        <source>Cannot plan %1: %2</source>
        <translation>%1 kann nicht geplant werden: %2</translation>
    </message>
    <message>
        <source>Planning… (best searches up to %1 ms)</source>
        <translation>Planung… (best sucht bis zu %1 ms)</translation>
    </message>
    <message>
        <source>Planning failed: %1</source>
        <translation>Planung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Lower bound %1; %2 of %3 tensors moved</source>
        <translation>Untere Schranke %1; %2 von %3 Tensoren verschoben</translation>
    </message>
    <message>
        <source>node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>live</source>
        <translation>belegt</translation>
    </message>
    <message>
        <source>%1 in use</source>
        <translation>%1 in Verwendung</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DeviceBarsView</name>
    <message>
        <source>weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>compute buffer</source>
        <translation>Rechenpuffer</translation>
    </message>
    <message>
        <source>free memory (the limit)</source>
        <translation>freier Speicher (die Grenze)</translation>
    </message>
    <message>
        <source>free less the margin</source>
        <translation>frei abzüglich der Reserve</translation>
    </message>
    <message>
        <source>%1 weights: %2</source>
        <translation>%1 Gewichte: %2</translation>
    </message>
    <message>
        <source>%1 KV cache: %2</source>
        <translation>%1 KV-Cache: %2</translation>
    </message>
    <message>
        <source>%1 compute buffer: %2</source>
        <translation>%1 Rechenpuffer: %2</translation>
    </message>
    <message>
        <source>%1: %2 free of %3</source>
        <translation>%1: %2 von %3 frei</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DeviceChoice</name>
    <message>
        <source>&apos;%1&apos; is not a number</source>
        <translation>„%1“ ist keine Zahl</translation>
    </message>
    <message>
        <source>%1 is negative</source>
        <translation>%1 ist negativ</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DeviceMemoryModel</name>
    <message>
        <source>fits, %1 free</source>
        <translation>passt, %1 frei</translation>
    </message>
    <message>
        <source>within the margin: %1 free, under the %2 margin</source>
        <translation>innerhalb der Reserve: %1 frei, weniger als die Reserve von %2</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>compute buffer</source>
        <translation>Rechenpuffer</translation>
    </message>
    <message>
        <source>over by %1: %2 %3 is the largest share</source>
        <translation>um %1 zu groß: %2 %3 ist der größte Anteil</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>passt nicht</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Berechnung</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Frei</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DeviceSweep</name>
    <message>
        <source>&apos;%1&apos; is not a number</source>
        <translation>„%1“ ist keine Zahl</translation>
    </message>
    <message>
        <source>%1 is below %2</source>
        <translation>%1 liegt unter %2</translation>
    </message>
    <message>
        <source>no values</source>
        <translation>keine Werte</translation>
    </message>
    <message>
        <source>%1-%2 runs backwards</source>
        <translation>%1-%2 läuft rückwärts</translation>
    </message>
    <message>
        <source>more than %1 values</source>
        <translation>mehr als %1 Werte</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DevicesPanel</name>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>No &amp;KV offload</source>
        <translation>Kein &amp;KV-Offload</translation>
    </message>
    <message>
        <source>No &amp;op offload</source>
        <translation>Kein &amp;Op-Offload</translation>
    </message>
    <message>
        <source>&amp;Find Best</source>
        <translation>Bestes fin&amp;den</translation>
    </message>
    <message>
        <source>&amp;Use It</source>
        <translation>Ü&amp;bernehmen</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Geräte</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>Platzierung</translation>
    </message>
    <message>
        <source>Most layers on the GPUs (ngl)</source>
        <translation>Meiste Schichten auf den GPUs (ngl)</translation>
    </message>
    <message>
        <source>Longest context (n_ctx)</source>
        <translation>Längster Kontext (n_ctx)</translation>
    </message>
    <message>
        <source>Fewest layers&apos; experts on the CPU (n-cpu-moe)</source>
        <translation>Wenigste Schichten mit Experten auf der CPU (n-cpu-moe)</translation>
    </message>
    <message>
        <source>ngl and n-cpu-moe go to the placement; a context re-plans the model</source>
        <translation>ngl und n-cpu-moe gehen in die Platzierung; ein Kontext plant das Modell neu</translation>
    </message>
    <message>
        <source>S&amp;earch:</source>
        <translation>&amp;Suche:</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>Load &amp;Profile…</source>
        <translation>&amp;Profil laden…</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>F&amp;ree:</source>
        <translation>&amp;Frei:</translation>
    </message>
    <message>
        <source>&amp;Total:</source>
        <translation>&amp;Gesamt:</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s -ngl: the last N repeating layers and the output on the GPUs</source>
        <translation>-ngl von llama.cpp: die letzten N sich wiederholenden Schichten und die Ausgabe auf den GPUs</translation>
    </message>
    <message>
        <source>by free memory</source>
        <translation>nach freiem Speicher</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s --tensor-split: the layers&apos; proportions per GPU, e.g. 3,1</source>
        <translation>--tensor-split von llama.cpp: der Anteil der Schichten je GPU, z. B. 3,1</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s --n-cpu-moe: the experts of the first N layers stay on the CPU</source>
        <translation>--n-cpu-moe von llama.cpp: die Experten der ersten N Schichten bleiben auf der CPU</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s --no-kv-offload: the KV cache in host memory</source>
        <translation>--no-kv-offload von llama.cpp: der KV-Cache im Hauptspeicher</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s --no-op-offload: large-batch ops on host weights stay on the CPU</source>
        <translation>--no-op-offload von llama.cpp: Ops mit großem Batch auf Gewichten im Hauptspeicher bleiben auf der CPU</translation>
    </message>
    <message>
        <source>Memory each device keeps free (llama.cpp&apos;s --fit-target)</source>
        <translation>Speicher, den jedes Gerät frei hält (--fit-target von llama.cpp)</translation>
    </message>
    <message>
        <source>&amp;Layers on GPUs:</source>
        <translation>Schi&amp;chten auf GPUs:</translation>
    </message>
    <message>
        <source>Tensor &amp;split:</source>
        <translation>Tensor-&amp;Aufteilung:</translation>
    </message>
    <message>
        <source>E&amp;xperts on CPU:</source>
        <translation>E&amp;xperten auf CPU:</translation>
    </message>
    <message>
        <source>&amp;Margin:</source>
        <translation>&amp;Reserve:</translation>
    </message>
    <message>
        <source>Cannot Load Device Profile</source>
        <translation>Geräteprofil kann nicht geladen werden</translation>
    </message>
    <message>
        <source>%1

The devices are kept.</source>
        <translation>%1

Die Geräte bleiben erhalten.</translation>
    </message>
    <message>
        <source>%1 free of %2</source>
        <translation>%1 von %2 frei</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>dieser Rechner</translation>
    </message>
    <message>
        <source>Host: %1 (%2)</source>
        <translation>Host: %1 (%2)</translation>
    </message>
    <message>
        <source>Load Device Profile</source>
        <translation>Geräteprofil laden</translation>
    </message>
    <message>
        <source>Device profiles (*.json);;All files (*)</source>
        <translation>Geräteprofile (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open a .gguf model to fit it to devices.</source>
        <translation>Öffnen Sie ein .gguf-Modell, um es auf Geräte abzustimmen.</translation>
    </message>
    <message>
        <source>n_ctx %1, n_batch %2, n_ubatch %3, flash attention %4; %5 of %6 layers on the GPUs</source>
        <translation>n_ctx %1, n_batch %2, n_ubatch %3, Flash Attention %4; %5 von %6 Schichten auf den GPUs</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
    <message numerus="yes">
        <source>Best %1: %2 (%n plan(s))</source>
        <translation>
            <numerusform>Bestes %1: %2 (%n Plan)</numerusform>
            <numerusform>Bestes %1: %2 (%n Pläne)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Nothing in range fits (%n plan(s))</source>
        <translation>
            <numerusform>Nichts im Bereich passt (%n Plan)</numerusform>
            <numerusform>Nichts im Bereich passt (%n Pläne)</numerusform>
        </translation>
    </message>
    <message>
        <source>Bars</source>
        <translation>Balken</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>Build the document on these devices and placement and split it over them as llama.cpp would: replay, step and export it (nothing runs)</source>
        <translation>Das Dokument für diese Geräte und Platzierung bauen und wie llama.cpp darauf verteilen: wiedergeben, schrittweise durchlaufen und exportieren (nichts wird ausgeführt)</translation>
    </message>
    <message>
        <source>Build the document for this machine again, to run it</source>
        <translation>Das Dokument wieder für diesen Rechner bauen, um es auszuführen</translation>
    </message>
    <message>
        <source>The document is planned for this machine.</source>
        <translation>Das Dokument ist für diesen Rechner geplant.</translation>
    </message>
    <message>
        <source>The document is planned on %1 (the Splits dock shows the split).</source>
        <translation>Das Dokument ist auf %1 geplant (das Splits-Dock zeigt die Aufteilung).</translation>
    </message>
    <message>
        <source>Pla&amp;n on These Devices</source>
        <translation>Auf diesen Geräten pla&amp;nen</translation>
    </message>
    <message>
        <source>Plan on This Mac&amp;hine</source>
        <translation>Auf diesem Rec&amp;hner planen</translation>
    </message>
    <message>
        <source>This Machine&apos;s &amp;OpenCL Device</source>
        <translation>&amp;OpenCL-Gerät dieses Rechners</translation>
    </message>
    <message>
        <source>This Machine&apos;s &amp;CPU as the Host</source>
        <translation>&amp;CPU dieses Rechners als Host</translation>
    </message>
    <message>
        <source>RPC Servers of the Schedule</source>
        <translation>RPC-Server der Verteilung</translation>
    </message>
</context>
<context>
    <name>planscope::ui::EdgeText</name>
    <message numerus="yes">
        <source>%n edge(s), the first %1 → %2</source>
        <translation>
            <numerusform>%n Kante, die erste %1 → %2</numerusform>
            <numerusform>%n Kanten, die erste %1 → %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, read outside the block</source>
        <translation>%1, außerhalb des Blocks gelesen</translation>
    </message>
    <message>
        <source>src%1 of %2: %3</source>
        <translation>src%1 von %2: %3</translation>
    </message>
</context>
<context>
    <name>planscope::ui::EventLogModel</name>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <source>Buffer</source>
        <translation>Puffer</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>Offset</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
</context>
<context>
    <name>planscope::ui::EventLogPanel</name>
    <message>
        <source>All events</source>
        <translation>Alle Ereignisse</translation>
    </message>
    <message>
        <source>Filter events…</source>
        <translation>Ereignisse filtern…</translation>
    </message>
</context>
<context>
    <name>planscope::ui::EventText</name>
    <message>
        <source>buffer %1</source>
        <translation>Puffer %1</translation>
    </message>
    <message>
        <source>failed (%1): %2 does not fit in %3, it needs %4 bytes and the largest free block has %5</source>
        <translation>fehlgeschlagen (%1): %2 passt nicht in %3, braucht %4 Bytes, und der größte freie Block hat %5</translation>
    </message>
    <message>
        <source>failed (%1): freeing %2 (%3 bytes) in %4 would need more than %5 free blocks</source>
        <translation>fehlgeschlagen (%1): %2 (%3 Bytes) in %4 freizugeben bräuchte mehr als %5 freie Blöcke</translation>
    </message>
    <message>
        <source>failed (%1): %2</source>
        <translation>fehlgeschlagen (%1): %2</translation>
    </message>
    <message>
        <source>new block</source>
        <translation>neuer Block</translation>
    </message>
    <message>
        <source>merged with previous</source>
        <translation>mit dem vorherigen verschmolzen</translation>
    </message>
    <message>
        <source>merged with next</source>
        <translation>mit dem nächsten verschmolzen</translation>
    </message>
    <message>
        <source>merged with both</source>
        <translation>mit beiden verschmolzen</translation>
    </message>
    <message>
        <source>external</source>
        <translation>extern</translation>
    </message>
    <message>
        <source>other children</source>
        <translation>weitere Kinder</translation>
    </message>
    <message>
        <source>has views</source>
        <translation>hat Sichten</translation>
    </message>
    <message>
        <source>layout differs</source>
        <translation>Layout verschieden</translation>
    </message>
    <message>
        <source>view source shared</source>
        <translation>Sichtquelle geteilt</translation>
    </message>
    <message>
        <source>view offset not 0</source>
        <translation>Sicht-Offset nicht 0</translation>
    </message>
    <message>
        <source>out of space</source>
        <translation>kein Platz</translation>
    </message>
    <message>
        <source>too many free blocks</source>
        <translation>zu viele freie Blöcke</translation>
    </message>
    <message>
        <source>invalid graph</source>
        <translation>ungültiger Graph</translation>
    </message>
    <message numerus="yes">
        <source>%1 (measure): alignment %2, %n free block(s)</source>
        <translation>
            <numerusform>%1 (Messung): Ausrichtung %2, %n freier Block</numerusform>
            <numerusform>%1 (Messung): Ausrichtung %2, %n freie Blöcke</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: alignment %2, %n free block(s)</source>
        <translation>
            <numerusform>%1: Ausrichtung %2, %n freier Block</numerusform>
            <numerusform>%1: Ausrichtung %2, %n freie Blöcke</numerusform>
        </translation>
    </message>
    <message>
        <source>alloc %1: %2 bytes at %3 from block %4 of %5 (the last block)</source>
        <translation>alloziere %1: %2 Bytes an %3 aus Block %4 von %5 (dem letzten Block)</translation>
    </message>
    <message>
        <source>alloc %1: %2 bytes at %3 from block %4 of %5</source>
        <translation>alloziere %1: %2 Bytes an %3 aus Block %4 von %5</translation>
    </message>
    <message>
        <source>free %1: %2 bytes at %3, %4 → %5</source>
        <translation>gib %1 frei: %2 Bytes an %3, %4 → %5</translation>
    </message>
    <message>
        <source>reset %1 → %2</source>
        <translation>setze %1 zurück → %2</translation>
    </message>
    <message>
        <source>node %1 %2 (%3)</source>
        <translation>Knoten %1 %2 (%3)</translation>
    </message>
    <message>
        <source>barrier at parse_seq[%1]</source>
        <translation>Barriere bei parse_seq[%1]</translation>
    </message>
    <message>
        <source>view %1 of %2 at %3 (pre-allocated source)</source>
        <translation>Sicht %1 auf %2 an %3 (vorab allozierte Quelle)</translation>
    </message>
    <message>
        <source>view %1 of %2 at %3</source>
        <translation>Sicht %1 auf %2 an %3</translation>
    </message>
    <message>
        <source>inplace %1 reuses %2 at %3</source>
        <translation>inplace: %1 verwendet %2 an %3 wieder</translation>
    </message>
    <message>
        <source>not reusing %1 for %2: %3</source>
        <translation>%1 nicht für %2 wiederverwendet: %3</translation>
    </message>
    <message>
        <source>max_size of %1: %2 bytes</source>
        <translation>max_size von %1: %2 Bytes</translation>
    </message>
    <message>
        <source>output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>view, not own</source>
        <translation>Sicht, nicht eigen</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ExportController</name>
    <message>
        <source>An export is still running.</source>
        <translation>Ein Export läuft noch.</translation>
    </message>
    <message>
        <source>Choose a file to export to.</source>
        <translation>Wählen Sie eine Zieldatei für den Export.</translation>
    </message>
    <message>
        <source>%1 is not written as %2.</source>
        <translation>%1 wird nicht als %2 geschrieben.</translation>
    </message>
    <message>
        <source>There are no buffer views to export.</source>
        <translation>Es gibt keine Puffer-Ansichten zum Exportieren.</translation>
    </message>
    <message>
        <source>%1: there is nothing to draw.</source>
        <translation>%1: Es gibt nichts zu zeichnen.</translation>
    </message>
    <message>
        <source>a host CPU profile with compute_tflops (Devices dock: Add &gt; Load Profile…) gives the CPU&apos;s peak</source>
        <translation>ein Host-CPU-Profil mit compute_tflops (Geräte-Dock: Hinzufügen &gt; Profil laden…) gibt die Spitzenleistung der CPU an</translation>
    </message>
    <message>
        <source>A capture&apos;s execution trace would run the graph, and a capture holds no tensor data: export its plan or split diagram.</source>
        <translation>Das Ausführungsprotokoll eines Mitschnitts müsste den Graphen ausführen, und ein Mitschnitt enthält keine Tensordaten: exportieren Sie seinen Plan oder sein Split-Diagramm.</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>None (one split on the compute buffer&apos;s backend)</source>
        <translation>Keine (ein Split auf dem Backend des Rechenpuffers)</translation>
    </message>
    <message>
        <source>Split the graph with the scheduler on these backends, as planscope-cli --backends</source>
        <translation>Den Graphen mit dem Scheduler auf diese Backends aufteilen, wie planscope-cli --backends</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>&amp;What:</source>
        <translation>&amp;Was:</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>&amp;Backends:</source>
        <translation>&amp;Backends:</translation>
    </message>
    <message>
        <source>&amp;Output file:</source>
        <translation>&amp;Ausgabedatei:</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1-Dateien (*.%2)</translation>
    </message>
    <message>
        <source>Export To</source>
        <translation>Exportieren nach</translation>
    </message>
    <message>
        <source>%1 (ggml&apos;s allocator, default)</source>
        <translation>%1 (Allokator von ggml, Standard)</translation>
    </message>
    <message>
        <source>Whose offsets the export shows, as planscope-cli --planner</source>
        <translation>Wessen Offsets der Export zeigt, wie planscope-cli --planner</translation>
    </message>
    <message>
        <source>&amp;Planner:</source>
        <translation>&amp;Planer:</translation>
    </message>
    <message>
        <source>Fold repeated blocks into boxes, as the canvas</source>
        <translation>Wiederholte Blöcke zu Kästen einklappen, wie die Zeichenfläche</translation>
    </message>
</context>
<context>
    <name>planscope::ui::FileController</name>
    <message>
        <source>Graphs, models and ggml DOT dumps (*.json *.gguf *.dot)</source>
        <translation>Graphen, Modelle und ggml-DOT-Abzüge (*.json *.gguf *.dot)</translation>
    </message>
    <message>
        <source>Graph files (*.json)</source>
        <translation>Graph-Dateien (*.json)</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF-Modelle (*.gguf)</translation>
    </message>
    <message>
        <source>ggml DOT dumps (*.dot)</source>
        <translation>ggml-DOT-Abzüge (*.dot)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open Graph</source>
        <translation>Graph öffnen</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>%1 öffnen</translation>
    </message>
    <message numerus="yes">
        <source>%n import warning(s)</source>
        <translation>
            <numerusform>%n Importwarnung</numerusform>
            <numerusform>%n Importwarnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>What %1 lacked and the import inferred</source>
        <translation>Was %1 fehlte und der Import erschlossen hat</translation>
    </message>
    <message numerus="yes">
        <source>%1 imported with %n warning(s)</source>
        <translation>
            <numerusform>%1 mit %n Warnung importiert</numerusform>
            <numerusform>%1 mit %n Warnungen importiert</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::Format</name>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>param</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>leaf</source>
        <translation>Blatt</translation>
    </message>
    <message>
        <source>node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>unused</source>
        <translation>unbenutzt</translation>
    </message>
</context>
<context>
    <name>planscope::ui::GraphCanvas</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>Suchen:</translation>
    </message>
    <message>
        <source>tensor name</source>
        <translation>Tensorname</translation>
    </message>
    <message>
        <source>Close the find bar (Esc)</source>
        <translation>Suchleiste schließen (Esc)</translation>
    </message>
    <message>
        <source>Laying out %1 nodes…</source>
        <translation>Ordne %1 Knoten an…</translation>
    </message>
    <message>
        <source>Layout cancelled</source>
        <translation>Anordnung abgebrochen</translation>
    </message>
    <message numerus="yes">
        <source>Laying out %n unit(s), %1 block(s) open…</source>
        <translation>
            <numerusform>Ordne %n Einheit an (geöffnete Blöcke: %1)…</numerusform>
            <numerusform>Ordne %n Einheiten an (geöffnete Blöcke: %1)…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot lay out the graph: %1</source>
        <translation>Der Graph kann nicht angeordnet werden: %1</translation>
    </message>
</context>
<context>
    <name>planscope::ui::GuardedApplication</name>
    <message>
        <source>out of memory</source>
        <translation>Speicher erschöpft</translation>
    </message>
    <message>
        <source>unexpected failure</source>
        <translation>unerwarteter Fehler</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ImportWarningsDialog</name>
    <message>
        <source>Import Warnings</source>
        <translation>Importwarnungen</translation>
    </message>
    <message>
        <source>%1 does not record everything a graph needs; the import inferred this:</source>
        <translation>%1 enthält nicht alles, was ein Graph braucht; der Import hat Folgendes erschlossen:</translation>
    </message>
</context>
<context>
    <name>planscope::ui::InspectorPanel</name>
    <message>
        <source>Select a tensor on the canvas to inspect it.</source>
        <translation>Wählen Sie einen Tensor auf der Zeichenfläche aus, um ihn zu untersuchen.</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Role:</source>
        <translation>Rolle:</translation>
    </message>
    <message>
        <source>Op:</source>
        <translation>Operation:</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Typ:</translation>
    </message>
    <message>
        <source>Shape (ne):</source>
        <translation>Form (ne):</translation>
    </message>
    <message>
        <source>Strides (nb):</source>
        <translation>Schrittweiten (nb):</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>Größe:</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>Quellen:</translation>
    </message>
    <message>
        <source>View of:</source>
        <translation>Sicht auf:</translation>
    </message>
    <message>
        <source>Parameters:</source>
        <translation>Parameter:</translation>
    </message>
    <message>
        <source>Flags:</source>
        <translation>Flags:</translation>
    </message>
    <message>
        <source>Placement:</source>
        <translation>Platzierung:</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1 (view)</source>
        <translation>%1 (Sicht)</translation>
    </message>
    <message>
        <source>%1 at byte offset %2</source>
        <translation>%1 ab Byte-Offset %2</translation>
    </message>
    <message>
        <source>%1 (%2) at offset %3</source>
        <translation>%1 (%2) an Offset %3</translation>
    </message>
    <message>
        <source>not allocated</source>
        <translation>nicht alloziert</translation>
    </message>
    <message>
        <source>%1: allocated at step %2 by node %3, freed at step %4 by node %5</source>
        <translation>%1: alloziert bei Schritt %2 durch Knoten %3, freigegeben bei Schritt %4 durch Knoten %5</translation>
    </message>
    <message>
        <source>%1: allocated at step %2 by node %3, never freed</source>
        <translation>%1: alloziert bei Schritt %2 durch Knoten %3, nie freigegeben</translation>
    </message>
    <message>
        <source>%1: pre-allocated at step %2, freed at step %3 by node %4</source>
        <translation>%1: vorab alloziert bei Schritt %2, freigegeben bei Schritt %3 durch Knoten %4</translation>
    </message>
    <message>
        <source>%1: pre-allocated at step %2, never freed</source>
        <translation>%1: vorab alloziert bei Schritt %2, nie freigegeben</translation>
    </message>
    <message>
        <source>not in a compute buffer: placed in %1</source>
        <translation>in keinem Rechenpuffer: platziert in %1</translation>
    </message>
    <message>
        <source>not allocated in this plan</source>
        <translation>in diesem Plan nicht alloziert</translation>
    </message>
    <message>
        <source>Lifetime:</source>
        <translation>Lebensdauer:</translation>
    </message>
    <message>
        <source>Readers:</source>
        <translation>Leser:</translation>
    </message>
    <message>
        <source>Backend:</source>
        <translation>Backend:</translation>
    </message>
    <message>
        <source>Scheduler cause:</source>
        <translation>Grund des Schedulers:</translation>
    </message>
    <message>
        <source>lives in %1&apos;s memory: %2</source>
        <translation>liegt im Speicher von %1: %2</translation>
    </message>
    <message>
        <source>not planned yet</source>
        <translation>noch nicht geplant</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>Schritt %1</translation>
    </message>
    <message>
        <source>did not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <source>through %1</source>
        <translation>über %1</translation>
    </message>
    <message>
        <source>%1, through %2</source>
        <translation>%1, über %2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::LayoutProcess</name>
    <message>
        <source>cannot start the layout process %1: %2</source>
        <translation>der Layout-Prozess %1 kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>the layout process ended unexpectedly</source>
        <translation>der Layout-Prozess wurde unerwartet beendet</translation>
    </message>
</context>
<context>
    <name>planscope::ui::LiveTensorModel</name>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>Schritt %1</translation>
    </message>
    <message>
        <source>%1 · before the graph</source>
        <translation>%1 · vor dem Graphen</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>nothing: freed at step %1 (a parse_seq barrier)</source>
        <translation>nichts: freigegeben bei Schritt %1 (eine parse_seq-Barriere)</translation>
    </message>
    <message>
        <source>nothing reads it: a graph output, never freed</source>
        <translation>niemand liest ihn: eine Ausgabe des Graphen, nie freigegeben</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1: %2 at offset %3</source>
        <translation>%1: %2 an Offset %3</translation>
    </message>
    <message>
        <source>Also in this memory: %1</source>
        <translation>Ebenfalls in diesem Speicher: %1</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Of the buffer</source>
        <translation>Anteil am Puffer</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>Alloziert</translation>
    </message>
    <message>
        <source>Freed</source>
        <translation>Freigegeben</translation>
    </message>
    <message>
        <source>Waiting for</source>
        <translation>Wartet auf</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s), to the end</source>
        <translation>
            <numerusform>%n Knoten, bis zum Ende</numerusform>
            <numerusform>%n Knoten, bis zum Ende</numerusform>
        </translation>
    </message>
    <message>
        <source>Lives</source>
        <translation>Lebt</translation>
    </message>
</context>
<context>
    <name>planscope::ui::LlmMemoryModel</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>Buffer type</source>
        <translation>Puffertyp</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Context (KV)</source>
        <translation>Kontext (KV)</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Berechnung</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>The weights (the mapped file: CPU_Mapped)</source>
        <translation>Die Gewichte (die eingeblendete Datei: CPU_Mapped)</translation>
    </message>
    <message>
        <source>The KV cache (llama_memory)</source>
        <translation>Der KV-Cache (llama_memory)</translation>
    </message>
    <message>
        <source>The compute buffer the scheduler reserved (prompt, one-token and prompt graphs)</source>
        <translation>Der Berechnungspuffer, den der Scheduler reserviert hat (Prompt-, Ein-Token- und Prompt-Graph)</translation>
    </message>
    <message>
        <source>The logits buffer (output_reserve): not in llama_memory_breakdown</source>
        <translation>Der Logits-Puffer (output_reserve): nicht in llama_memory_breakdown</translation>
    </message>
</context>
<context>
    <name>planscope::ui::MainWindow</name>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>Cannot Open Graph</source>
        <translation>Graph kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1

The current graph is kept.</source>
        <translation>%1

Der aktuelle Graph bleibt erhalten.</translation>
    </message>
    <message>
        <source>Cannot Save Graph</source>
        <translation>Graph kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>Inspektor</translation>
    </message>
    <message>
        <source>Graph Summary</source>
        <translation>Graph-Übersicht</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>Tensoren</translation>
    </message>
    <message>
        <source>Event Log</source>
        <translation>Ereignisprotokoll</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>Puffer</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Template</source>
        <translation>&amp;Vorlage öffnen</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>&amp;Originalgröße</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Planscope</source>
        <translation>Ü&amp;ber Planscope</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>Nodes: %1  Leafs: %2</source>
        <translation>Knoten: %1  Blätter: %2</translation>
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
        <source>Save Graph As</source>
        <translation>Graph speichern unter</translation>
    </message>
    <message>
        <source>Graph files (*.json)</source>
        <translation>Graph-Dateien (*.json)</translation>
    </message>
    <message>
        <source>About Planscope</source>
        <translation>Über Planscope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Planscope %1&lt;/h3&gt;&lt;p&gt;Shows how ggml&apos;s allocator and scheduler place every tensor of a compute graph.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Planscope %1&lt;/h3&gt;&lt;p&gt;Zeigt, wie der Allocator und der Scheduler von ggml jeden Tensor eines Rechengraphen platzieren.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;New from Template…</source>
        <translation>&amp;Neu aus Vorlage…</translation>
    </message>
    <message>
        <source>Zoom to &amp;Fit</source>
        <translation>&amp;Einpassen</translation>
    </message>
    <message>
        <source>&amp;Find Tensor…</source>
        <translation>Tensor &amp;suchen…</translation>
    </message>
    <message>
        <source>Splits</source>
        <translation>Splits</translation>
    </message>
    <message>
        <source>Not re-planned: %1</source>
        <translation>Nicht neu geplant: %1</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Model Options…</source>
        <translation>&amp;Modelloptionen…</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Export</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Exportiere…</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <source>Cannot Export</source>
        <translation>Export nicht möglich</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>Buffer Layout</source>
        <translation>Puffer-Layout</translation>
    </message>
    <message>
        <source>Memory Timeline</source>
        <translation>Speicherverlauf</translation>
    </message>
    <message>
        <source>&amp;Compare Planners…</source>
        <translation>Planer &amp;vergleichen…</translation>
    </message>
    <message>
        <source>Planning %p%</source>
        <translation>Planung %p%</translation>
    </message>
    <message numerus="yes">
        <source>Stepping through the scheduled allocation: %n split(s), %1 steps</source>
        <translation>
            <numerusform>Schrittweise durch die geplante Zuteilung: %n Split, %1 Schritte</numerusform>
            <numerusform>Schrittweise durch die geplante Zuteilung: %n Splits, %1 Schritte</numerusform>
        </translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <source>Split Overview</source>
        <translation>Split-Übersicht</translation>
    </message>
    <message>
        <source>Schedule the graph (F7) first</source>
        <translation>Verteilen Sie den Graphen zuerst (F7)</translation>
    </message>
    <message>
        <source>The schedule&apos;s splits in order, folded by repeated block</source>
        <translation>Die Splits der Verteilung der Reihe nach, nach wiederholten Blöcken eingeklappt</translation>
    </message>
    <message>
        <source>Fold &amp;Repeated Blocks</source>
        <translation>&amp;Wiederholte Blöcke einklappen</translation>
    </message>
    <message>
        <source>Show repeated blocks (layers) as boxes; a click opens or closes one</source>
        <translation>Wiederholte Blöcke (Schichten) als Kästen zeigen; ein Klick öffnet oder schließt einen</translation>
    </message>
    <message>
        <source>C&amp;lose All Blocks</source>
        <translation>Alle Blöcke sch&amp;ließen</translation>
    </message>
    <message>
        <source>Op&amp;en All Blocks</source>
        <translation>Alle Blöcke ö&amp;ffnen</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>Höchststand</translation>
    </message>
    <message>
        <source>Compute buffer %1</source>
        <translation>Rechenpuffer %1</translation>
    </message>
    <message>
        <source>The compute buffer, as before the last what-if</source>
        <translation>Der Rechenpuffer, unverändert seit vor dem letzten Was-wäre-wenn</translation>
    </message>
    <message>
        <source>The compute buffer of this plan</source>
        <translation>Der Rechenpuffer dieses Plans</translation>
    </message>
    <message>
        <source>Compute buffer %1 → %2 (%3)</source>
        <translation>Rechenpuffer %1 → %2 (%3)</translation>
    </message>
    <message>
        <source>The compute buffer before the last what-if and now</source>
        <translation>Der Rechenpuffer vor dem letzten Was-wäre-wenn und jetzt</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Modell</translation>
    </message>
    <message>
        <source>Compute Buffer &amp;Sweep…</source>
        <translation>Rechenpuffer-&amp;Verlauf…</translation>
    </message>
    <message>
        <source>Unexpected Error</source>
        <translation>Unerwarteter Fehler</translation>
    </message>
    <message>
        <source>&amp;Allocator</source>
        <translation>&amp;Allokator</translation>
    </message>
    <message>
        <source>ggml 202&amp;3</source>
        <translation>ggml 202&amp;3</translation>
    </message>
    <message>
        <source>Plan as the ggml-alloc of late 2023 does (the seeds)</source>
        <translation>Planen wie ggml-alloc von Ende 2023 (die Vorlagen)</translation>
    </message>
    <message>
        <source>ggml 202&amp;6</source>
        <translation>ggml 202&amp;6</translation>
    </message>
    <message>
        <source>Plan as ggml_gallocr of 2026 does: leafs and inputs first, outputs kept, no in-place over views</source>
        <translation>Planen wie ggml_gallocr von 2026: Blätter und Eingaben zuerst, Ausgaben bleiben erhalten, kein In-place über Sichten</translation>
    </message>
    <message>
        <source>&amp;Maximum Buffer Size…</source>
        <translation>&amp;Maximale Puffergröße…</translation>
    </message>
    <message>
        <source>The buffer type&apos;s largest buffer: ggml 2026 plans a larger one as chunks</source>
        <translation>Der größte Puffer des Puffertyps: ggml 2026 plant einen größeren in Stücken</translation>
    </message>
    <message>
        <source>Maximum Buffer Size</source>
        <translation>Maximale Puffergröße</translation>
    </message>
    <message>
        <source>Largest buffer of the buffer type, in MiB (0: no maximum):</source>
        <translation>Größter Puffer des Puffertyps, in MiB (0: kein Maximum):</translation>
    </message>
    <message>
        <source>Compare &amp;ggml Versions…</source>
        <translation>ggml-Ve&amp;rsionen vergleichen…</translation>
    </message>
    <message>
        <source>The tensors that ggml 2023 and ggml 2026 place differently, and why</source>
        <translation>Die Tensoren, die ggml 2023 und ggml 2026 unterschiedlich platzieren, und warum</translation>
    </message>
    <message>
        <source>%1

%2 is open instead.</source>
        <translation>%1

Stattdessen ist %2 geöffnet.</translation>
    </message>
    <message>
        <source>Compute buffers %1</source>
        <translation>Rechenpuffer %1</translation>
    </message>
    <message>
        <source>View &gt; Allocator: the ggml whose allocator and scheduler plan, schedule and run this document</source>
        <translation>Ansicht &gt; Allokator: das ggml, dessen Allokator und Scheduler dieses Dokument planen, verteilen und ausführen</translation>
    </message>
    <message>
        <source>Planned by %1</source>
        <translation>Geplant von %1</translation>
    </message>
    <message>
        <source>Planned by %1, buffers of %2 at most</source>
        <translation>Geplant von %1, Puffer höchstens %2</translation>
    </message>
    <message>
        <source>llama.cpp: model %1, KV %2, compute %3</source>
        <translation>llama.cpp: Modell %1, KV %2, Berechnung %3</translation>
    </message>
    <message>
        <source>What llama.cpp da46e59c&apos;s context holds (llama_memory_breakdown): %1 in all; the Buffers dock lists it by buffer type</source>
        <translation>Was der Kontext von llama.cpp da46e59c belegt (llama_memory_breakdown): insgesamt %1; das Puffer-Dock listet es nach Puffertyp</translation>
    </message>
    <message>
        <source>How the compute buffer grows with n_batch, n_ubatch (ggml 2026) or n_ctx</source>
        <translation>Wie der Rechenpuffer mit n_batch, n_ubatch (ggml 2026) oder n_ctx wächst</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Geräte</translation>
    </message>
    <message>
        <source>Fit to &amp;Devices</source>
        <translation>Auf &amp;Geräte abstimmen</translation>
    </message>
    <message>
        <source>Will the model fit these GPUs? llama.cpp&apos;s memory per device against each one&apos;s free memory</source>
        <translation>Passt das Modell auf diese GPUs? Der Speicher von llama.cpp je Gerät gegenüber dem freien Speicher jedes Geräts</translation>
    </message>
    <message>
        <source>Capture</source>
        <translation>Mitschnitt</translation>
    </message>
</context>
<context>
    <name>planscope::ui::MemoryTimeline</name>
    <message>
        <source>event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>%1 live</source>
        <translation>%1 belegt</translation>
    </message>
    <message>
        <source>%1 high-water</source>
        <translation>%1 Höchststand</translation>
    </message>
    <message>
        <source>No allocation recorded</source>
        <translation>Keine Allokation aufgezeichnet</translation>
    </message>
    <message>
        <source>peak %1</source>
        <translation>Spitze %1</translation>
    </message>
    <message>
        <source>lower bound %1</source>
        <translation>untere Schranke %1</translation>
    </message>
    <message>
        <source>%1 (+%2%)</source>
        <translation>%1 (+%2%)</translation>
    </message>
    <message>
        <source>fragmentation</source>
        <translation>Fragmentierung</translation>
    </message>
    <message>
        <source>tensor %1</source>
        <translation>Tensor %1</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>Schritt %1</translation>
    </message>
    <message>
        <source>%1: %2 live, high-water %3</source>
        <translation>%1: %2 belegt, Höchststand %3</translation>
    </message>
    <message>
        <source>allocated at step %1, freed at step %2</source>
        <translation>alloziert bei Schritt %1, freigegeben bei Schritt %2</translation>
    </message>
    <message>
        <source>allocated at step %1, never freed</source>
        <translation>alloziert bei Schritt %1, nie freigegeben</translation>
    </message>
    <message>
        <source>%1 (%2, %3): %4</source>
        <translation>%1 (%2, %3): %4</translation>
    </message>
    <message>
        <source>also in its memory: %1</source>
        <translation>ebenfalls in seinem Speicher: %1</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ModelOptionsDialog</name>
    <message>
        <source>Model Options</source>
        <translation>Modelloptionen</translation>
    </message>
    <message>
        <source>e.g. 1,403,407,261,378</source>
        <translation>z. B. 1,403,407,261,378</translation>
    </message>
    <message>
        <source>The prompt&apos;s token ids, comma-separated (--tokens). No BOS is added: start with 1 for llama&apos;s &lt;s&gt;.</source>
        <translation>Die Token-IDs des Prompts, durch Kommas getrennt (--tokens). Es wird kein BOS hinzugefügt: Beginnen Sie mit 1 für das &lt;s&gt; von llama.</translation>
    </message>
    <message>
        <source>Prompt token ids:</source>
        <translation>Token-IDs des Prompts:</translation>
    </message>
    <message>
        <source>Context (KV cache cells, --ctx):</source>
        <translation>Kontext (Zellen des KV-Caches, --ctx):</translation>
    </message>
    <message>
        <source>Tokens in the batch (--batch):</source>
        <translation>Token im Batch (--batch):</translation>
    </message>
    <message>
        <source>Cells already filled (--n-past):</source>
        <translation>Bereits gefüllte Zellen (--n-past):</translation>
    </message>
    <message>
        <source>Offloaded layers (--ngl):</source>
        <translation>Ausgelagerte Schichten (--ngl):</translation>
    </message>
    <message>
        <source>Prompt: %1</source>
        <translation>Prompt: %1</translation>
    </message>
    <message>
        <source>Worst case (--worst-case)</source>
        <translation>Schlimmster Fall (--worst-case)</translation>
    </message>
    <message>
        <source>The graph llama.cpp sized its compute buffer with: the KV cache full (n_past = n_ctx - n_batch) and the K-shift of every layer. The prompt still runs from cell 0.</source>
        <translation>Der Graph, mit dem llama.cpp seinen Rechenpuffer bemessen hat: der KV-Cache voll (n_past = n_ctx - n_batch) und die K-Verschiebung jeder Schicht. Der Prompt läuft weiterhin ab Zelle 0.</translation>
    </message>
    <message>
        <source>as the batch</source>
        <translation>wie der Batch</translation>
    </message>
    <message>
        <source>Tokens in a ubatch (--ubatch):</source>
        <translation>Tokens in einem ubatch (--ubatch):</translation>
    </message>
    <message>
        <source>Sequences (--seqs):</source>
        <translation>Sequenzen (--seqs):</translation>
    </message>
    <message>
        <source>Flash attention (--flash-attn):</source>
        <translation>Flash Attention (--flash-attn):</translation>
    </message>
    <message>
        <source>K cache type (--kv-type-k):</source>
        <translation>Typ des K-Caches (--kv-type-k):</translation>
    </message>
    <message>
        <source>V cache type (--kv-type-v):</source>
        <translation>Typ des V-Caches (--kv-type-v):</translation>
    </message>
    <message>
        <source>Tokens in the graph llama.cpp reserves its compute buffer with, n_ubatch</source>
        <translation>Tokens im Graphen, mit dem llama.cpp seinen Rechenpuffer reserviert, n_ubatch</translation>
    </message>
    <message>
        <source>Sequences the context holds, n_seq_max (1 to 256)</source>
        <translation>Sequenzen, die der Kontext aufnimmt, n_seq_max (1 bis 256)</translation>
    </message>
    <message>
        <source>FLASH_ATTN_EXT in every layer; auto is on, as on the CPU</source>
        <translation>FLASH_ATTN_EXT in jeder Schicht; auto ist an, wie auf der CPU</translation>
    </message>
    <message>
        <source>The K and V caches&apos; one type (--kv-type)</source>
        <translation>Der eine Typ des K- und des V-Caches (--kv-type)</translation>
    </message>
    <message>
        <source>The K cache&apos;s type</source>
        <translation>Der Typ des K-Caches</translation>
    </message>
    <message>
        <source>The V cache&apos;s type; a quantized one needs flash attention</source>
        <translation>Der Typ des V-Caches; ein quantisierter braucht Flash Attention</translation>
    </message>
    <message>
        <source>Layers i &gt;= n_layer - ngl on the second backend</source>
        <translation>Schichten i &gt;= n_layer - ngl auf dem zweiten Backend</translation>
    </message>
    <message>
        <source>Cells of the KV cache filled before these tokens</source>
        <translation>Zellen des KV-Caches, die vor diesen Tokens gefüllt sind</translation>
    </message>
    <message>
        <source>The graph llama.cpp da46e59c (ggml 2026) reserves its compute buffer with.</source>
        <translation>Der Graph, mit dem llama.cpp da46e59c (ggml 2026) seinen Rechenpuffer reserviert.</translation>
    </message>
    <message>
        <source>The llama graph of llama.cpp of late 2023 (ggml 2023).</source>
        <translation>Der llama-Graph von llama.cpp aus Ende 2023 (ggml 2023).</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ModelReplanner</name>
    <message>
        <source>Only a model (.gguf) or the llama template can be re-planned.</source>
        <translation>Nur ein Modell (.gguf) oder die llama-Vorlage kann neu geplant werden.</translation>
    </message>
</context>
<context>
    <name>planscope::ui::OffsetDiffModel</name>
    <message>
        <source>%1 puts it at %2, %3 at %4</source>
        <translation>%1 legt ihn an %2, %3 an %4</translation>
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
        <translation>Tensor</translation>
    </message>
    <message>
        <source>Offset (%1)</source>
        <translation>Offset (%1)</translation>
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
        <translation>Größe</translation>
    </message>
    <message>
        <source>Moved</source>
        <translation>Verschoben</translation>
    </message>
</context>
<context>
    <name>planscope::ui::OpSummaryModel</name>
    <message>
        <source>Op</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Result bytes</source>
        <translation>Ergebnis-Bytes</translation>
    </message>
</context>
<context>
    <name>planscope::ui::PeakPanel</name>
    <message>
        <source>Go to Step</source>
        <translation>Zum Schritt</translation>
    </message>
    <message>
        <source>The compute buffer to explain (one per backend after Schedule)</source>
        <translation>Der zu erklärende Rechenpuffer (nach dem Verteilen einer pro Backend)</translation>
    </message>
    <message>
        <source>At its peak</source>
        <translation>Auf seinem Höchststand</translation>
    </message>
    <message>
        <source>At the current step</source>
        <translation>Beim aktuellen Schritt</translation>
    </message>
    <message>
        <source>Step the plan to the step shown</source>
        <translation>Den Plan auf den gezeigten Schritt setzen</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Once the graph is planned: what its compute buffer holds at its peak, and why.</source>
        <translation>Sobald der Graph geplant ist: was sein Rechenpuffer auf seinem Höchststand enthält, und warum.</translation>
    </message>
    <message>
        <source>Step %1%2 · high-water mark %3 · live %4 (%5 %) · free under it %6 (%7 %) · %8</source>
        <translation>Schritt %1%2 · Höchststand %3 · belegt %4 (%5 %) · frei darunter %6 (%7 %) · %8</translation>
    </message>
    <message>
        <source> (node %1)</source>
        <translation> (Knoten %1)</translation>
    </message>
    <message>
        <source>prompt graph: %1 (llama.cpp reserves with its worst-case graph)</source>
        <translation>Prompt-Graph: %1 (llama.cpp reserviert mit seinem Graphen für den schlimmsten Fall)</translation>
    </message>
    <message>
        <source>llama.cpp reserves: %1 (worst-case graph) · prompt graph: %2</source>
        <translation>llama.cpp reserviert: %1 (Graph für den schlimmsten Fall) · Prompt-Graph: %2</translation>
    </message>
    <message>
        <source>prompt graph: %1 (llama.cpp&apos;s worst-case graph: not planned, %2)</source>
        <translation>Prompt-Graph: %1 (Graph von llama.cpp für den schlimmsten Fall: nicht geplant, %2)</translation>
    </message>
</context>
<context>
    <name>planscope::ui::PlanLayoutView</name>
    <message>
        <source>%1 — peak %2, %3× lower bound, %4 ms</source>
        <translation>%1 — Spitze %2, %3× untere Schranke, %4 ms</translation>
    </message>
    <message>
        <source>Not planned yet</source>
        <translation>Noch nicht geplant</translation>
    </message>
    <message>
        <source>%1
offset %2, %3
alive from node %4 to %5</source>
        <translation>%1
Offset %2, %3
lebendig von Knoten %4 bis %5</translation>
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
        <translation>Keine zuletzt geöffneten Dateien</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>Liste &amp;leeren</translation>
    </message>
</context>
<context>
    <name>planscope::ui::Screenshot</name>
    <message>
        <source>nothing to render</source>
        <translation>nichts zu zeichnen</translation>
    </message>
    <message>
        <source>the graph was not planned</source>
        <translation>der Graph wurde nicht geplant</translation>
    </message>
    <message>
        <source>step %1 is past the plan&apos;s last step, %2</source>
        <translation>Schritt %1 liegt hinter dem letzten Schritt des Plans, %2</translation>
    </message>
    <message>
        <source>scheduling took too long</source>
        <translation>die Verteilung dauerte zu lange</translation>
    </message>
    <message>
        <source>re-planning took too long</source>
        <translation>die Neuplanung dauerte zu lange</translation>
    </message>
    <message>
        <source>--show causes needs --schedule</source>
        <translation>--show causes braucht --schedule</translation>
    </message>
    <message>
        <source>unknown panel &apos;%1&apos; (peak, causes, devices=PROFILE,...)</source>
        <translation>unbekanntes Panel „%1“ (peak, causes, devices=PROFIL,...)</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ServerDeviceModel</name>
    <message>
        <source>Device 0 of the rpc-server at %1</source>
        <translation>Gerät 0 des rpc-server auf %1</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Frei</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>A device index or part of its name; empty: the first GPU, else the first device</source>
        <translation>Ein Geräteindex oder ein Teil seines Namens; leer: die erste GPU, sonst das erste Gerät</translation>
    </message>
    <message>
        <source>Threads the CPU backend computes with (default: the hardware&apos;s, at most 8)</source>
        <translation>Threads, mit denen das CPU-Backend rechnet (Standard: die der Hardware, höchstens 8)</translation>
    </message>
    <message>
        <source>OpenCL device:</source>
        <translation>OpenCL-Gerät:</translation>
    </message>
    <message>
        <source>CPU threads:</source>
        <translation>CPU-Threads:</translation>
    </message>
    <message>
        <source>(automatic)</source>
        <translation>(automatisch)</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s) found</source>
        <translation>
            <numerusform>%n Gerät gefunden</numerusform>
            <numerusform>%n Geräte gefunden</numerusform>
        </translation>
    </message>
    <message>
        <source>OpenCL not available: this build has no OpenCL backend.</source>
        <translation>OpenCL nicht verfügbar: Dieser Build hat kein OpenCL-Backend.</translation>
    </message>
    <message>
        <source>Stepping opens the block of the current tensor</source>
        <translation>Schrittweises Durchlaufen öffnet den Block des aktuellen Tensors</translation>
    </message>
    <message>
        <source> nodes</source>
        <translation> Knoten</translation>
    </message>
    <message>
        <source>Graphs with more nodes open with their repeated blocks (layers) folded into boxes; View &gt; Fold Repeated Blocks switches it for the open graph</source>
        <translation>Graphen mit mehr Knoten werden mit zu Kästen eingeklappten wiederholten Blöcken (Schichten) geöffnet; Ansicht &gt; Wiederholte Blöcke einklappen schaltet dies für den geöffneten Graphen um</translation>
    </message>
    <message>
        <source>Fold graphs above:</source>
        <translation>Graphen einklappen über:</translation>
    </message>
    <message>
        <source>The language of menus and panels; Planscope uses it when it starts again</source>
        <translation>Die Sprache der Menüs und Bereiche; Planscope verwendet sie beim nächsten Start</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Sprache:</translation>
    </message>
    <message>
        <source>A new language applies when Planscope starts again.</source>
        <translation>Eine neue Sprache gilt ab dem nächsten Start von Planscope.</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ShortcutModel</name>
    <message>
        <source>Other</source>
        <translation>Weitere</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Tastenkürzel</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SplitCauseModel</name>
    <message>
        <source>no backend</source>
        <translation>kein Backend</translation>
    </message>
    <message>
        <source>Splits %1</source>
        <translation>Splits %1</translation>
    </message>
    <message numerus="yes">
        <source>%n split(s) start where the scheduler moved to %1 for this reason; select the row to mark them in the split overview</source>
        <translation>
            <numerusform>%n Split beginnt dort, wo der Scheduler aus diesem Grund zu %1 wechselte; wählen Sie die Zeile, um ihn in der Split-Übersicht zu markieren</numerusform>
            <numerusform>%n Splits beginnen dort, wo der Scheduler aus diesem Grund zu %1 wechselte; wählen Sie die Zeile, um sie in der Split-Übersicht zu markieren</numerusform>
        </translation>
    </message>
    <message>
        <source>boundary</source>
        <translation>Grenze</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>Kopie</translation>
    </message>
    <message>
        <source>%1 read on %2</source>
        <translation>%1 gelesen auf %2</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Backends</source>
        <translation>Backends</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Ursache</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Splits</source>
        <translation>Splits</translation>
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
            <numerusform>%n Split, %1 Zuweisungen</numerusform>
            <numerusform>%n Splits, %1 Zuweisungen</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>backend %1 (%2)</source>
        <translation>Backend %1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>Run finished: %n split(s)</source>
        <translation>
            <numerusform>Lauf beendet: %n Split</numerusform>
            <numerusform>Lauf beendet: %n Splits</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Top next tokens (id, logit, piece):</source>
        <translation>Wahrscheinlichste nächste Token (ID, Logit, Stück):</translation>
    </message>
    <message>
        <source>Replay stopped: showing the final assignment</source>
        <translation>Wiedergabe angehalten: die endgültige Zuweisung wird gezeigt</translation>
    </message>
    <message>
        <source>OpenCL + CPU</source>
        <translation>OpenCL + CPU</translation>
    </message>
    <message numerus="yes">
        <source>GGML_SCHED_DEBUG log: %n split(s), %1 assignments</source>
        <translation>
            <numerusform>GGML_SCHED_DEBUG-Protokoll: %n Split, %1 Zuweisungen</numerusform>
            <numerusform>GGML_SCHED_DEBUG-Protokoll: %n Splits, %1 Zuweisungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Scheduling on %1 as ggml %2…</source>
        <translation>Verteile auf %1 wie ggml %2…</translation>
    </message>
    <message>
        <source>Running on %1 as ggml %2…</source>
        <translation>Ausführung auf %1 wie ggml %2…</translation>
    </message>
    <message numerus="yes">
        <source>Planned on %1: %n split(s), %2 assignments (device profiles: nothing runs)</source>
        <translation>
            <numerusform>Geplant auf %1: %n Split, %2 Zuweisungen (Geräteprofile: nichts wird ausgeführt)</numerusform>
            <numerusform>Geplant auf %1: %n Splits, %2 Zuweisungen (Geräteprofile: nichts wird ausgeführt)</numerusform>
        </translation>
    </message>
    <message>
        <source>This document is planned on device profiles (%1), which have no kernels: Run computes only on this machine&apos;s backends. Plan it on This Machine in the Devices dock to run it.</source>
        <translation>Dieses Dokument ist auf Geräteprofilen (%1) geplant, die keine Kernel haben: Ausführen rechnet nur auf den Backends dieses Rechners. Planen Sie es im Geräte-Dock auf diesem Rechner, um es auszuführen.</translation>
    </message>
    <message numerus="yes">
        <source>Captured on %1: %n split(s), as the program&apos;s ggml split the graph</source>
        <translation>
            <numerusform>Mitgeschnitten auf %1: %n Split, wie das ggml des Programms den Graphen aufgeteilt hat</numerusform>
            <numerusform>Mitgeschnitten auf %1: %n Splits, wie das ggml des Programms den Graphen aufgeteilt hat</numerusform>
        </translation>
    </message>
    <message>
        <source>This document is a capture of another program&apos;s graph: it holds no tensor data, so Run cannot compute it.</source>
        <translation>Dieses Dokument ist ein Mitschnitt des Graphen eines anderen Programms: Es enthält keine Tensordaten, daher kann Ausführen es nicht berechnen.</translation>
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
        <translation>Verteilen Sie den Graphen (F7), um hier seine Splits zu sehen.</translation>
    </message>
    <message numerus="yes">
        <source>%n split(s) each</source>
        <translation>
            <numerusform>je %n Split</numerusform>
            <numerusform>je %n Splits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n split(s)</source>
        <translation>
            <numerusform>%n Split</numerusform>
            <numerusform>%n Splits</numerusform>
        </translation>
    </message>
    <message>
        <source>click to fold</source>
        <translation>zum Einklappen klicken</translation>
    </message>
    <message>
        <source>click to unfold</source>
        <translation>zum Ausklappen klicken</translation>
    </message>
    <message numerus="yes">
        <source>#%1 · %n node(s)</source>
        <translation>
            <numerusform>#%1 · %n Knoten</numerusform>
            <numerusform>#%1 · %n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>no backend</source>
        <translation>kein Backend</translation>
    </message>
    <message>
        <source>%1: assigned to %2 by the graph</source>
        <translation>%1: vom Graphen %2 zugewiesen</translation>
    </message>
    <message>
        <source>%1: only %2 can run it</source>
        <translation>%1: nur %2 kann es ausführen</translation>
    </message>
    <message>
        <source>%1: its result lives in %2 memory</source>
        <translation>%1: sein Ergebnis liegt im Speicher von %2</translation>
    </message>
    <message>
        <source>%1: src%2 %3 lives in %4 memory</source>
        <translation>%1: src%2 %3 liegt im Speicher von %4</translation>
    </message>
    <message>
        <source>%1: follows src%2 %3 on %4</source>
        <translation>%1: folgt src%2 %3 auf %4</translation>
    </message>
    <message>
        <source>%1: on %2 (%3)</source>
        <translation>%1: auf %2 (%3)</translation>
    </message>
    <message>
        <source>%1: views %2 in %3 memory</source>
        <translation>%1: Sicht auf %2 im Speicher von %3</translation>
    </message>
    <message>
        <source>%1: a graph input, on the last backend %2</source>
        <translation>%1: eine Eingabe des Graphen, auf dem letzten Backend %2</translation>
    </message>
    <message>
        <source>%1: %2 asked to run it, away from its weight in host memory</source>
        <translation>%1: %2 wollte es ausführen, weg von seinem Gewicht im Host-Speicher</translation>
    </message>
    <message>
        <source>%1: runs where its weight src%2 %3 is, on %4</source>
        <translation>%1: läuft dort, wo sein Gewicht src%2 %3 liegt, auf %4</translation>
    </message>
    <message>
        <source>%1: next to %2 ops, and %2 runs it</source>
        <translation>%1: neben Operationen auf %2, und %2 kann es ausführen</translation>
    </message>
    <message>
        <source>%1: moved up to %2, which uses the same buffer type</source>
        <translation>%1: hochgestuft auf %2, das denselben Puffertyp nutzt</translation>
    </message>
    <message>
        <source>%1: %2 runs it and can use the most of its sources</source>
        <translation>%1: %2 kann es ausführen und die meisten seiner Quellen nutzen</translation>
    </message>
    <message>
        <source>%1: read by a node on %2</source>
        <translation>%1: gelesen von einem Knoten auf %2</translation>
    </message>
    <message>
        <source>%1: views %2 on %3</source>
        <translation>%1: Sicht auf %2 auf %3</translation>
    </message>
    <message>
        <source>%1: on %2, as the log printed it</source>
        <translation>%1: auf %2, wie im Protokoll ausgegeben</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message numerus="yes">
        <source>%n copies · %1</source>
        <translation>
            <numerusform>%n Kopie · %1</numerusform>
            <numerusform>%n Kopien · %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 over the network</source>
        <translation>%1 über das Netzwerk</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SplitPanel</name>
    <message>
        <source>Schedule</source>
        <translation>Verteilen</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Wiedergeben</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Backends to schedule and run the graph on, in priority order</source>
        <translation>Backends, auf denen der Graph geplant und ausgeführt wird, in Prioritätsreihenfolge</translation>
    </message>
    <message>
        <source>Split the graph over the backends and replay the assignment</source>
        <translation>Den Graphen auf die Backends aufteilen und die Zuweisung wiedergeben</translation>
    </message>
    <message>
        <source>Compute the graph on the backends</source>
        <translation>Den Graphen auf den Backends berechnen</translation>
    </message>
    <message>
        <source>Assignment</source>
        <translation>Zuweisung</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Zeitmessung</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <source>Computing split %1…</source>
        <translation>Berechne Split %1…</translation>
    </message>
    <message>
        <source>S&amp;chedule</source>
        <translation>&amp;Verteilen</translation>
    </message>
    <message>
        <source>&amp;Backends</source>
        <translation>&amp;Backends</translation>
    </message>
    <message>
        <source>&amp;Schedule</source>
        <translation>&amp;Verteilen</translation>
    </message>
    <message>
        <source>&amp;Replay Assignment</source>
        <translation>Zuweisung &amp;wiedergeben</translation>
    </message>
    <message>
        <source>R&amp;un</source>
        <translation>A&amp;usführen</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>Causes</source>
        <translation>Ursachen</translation>
    </message>
    <message>
        <source>A GGML_SCHED_DEBUG log cannot run: it has the graph and the split assignment it printed, not the tensors&apos; data or its backends</source>
        <translation>Ein GGML_SCHED_DEBUG-Protokoll kann nicht ausgeführt werden: Es enthält den Graphen und die ausgegebene Split-Zuweisung, nicht die Daten der Tensoren oder seine Backends</translation>
    </message>
    <message>
        <source>Show the split the document was planned with on its device profiles</source>
        <translation>Die Aufteilung zeigen, mit der das Dokument auf seinen Geräteprofilen geplant wurde</translation>
    </message>
    <message>
        <source>Device profiles have no kernels: Run computes only on this machine&apos;s backends (Devices dock: Plan on This Machine)</source>
        <translation>Geräteprofile haben keine Kernel: Ausführen rechnet nur auf den Backends dieses Rechners (Geräte-Dock: Auf diesem Rechner planen)</translation>
    </message>
    <message>
        <source>Show the split the captured program&apos;s scheduler made</source>
        <translation>Die Aufteilung zeigen, die der Scheduler des mitgeschnittenen Programms vorgenommen hat</translation>
    </message>
    <message>
        <source>A capture holds another program&apos;s graph and split, not its tensors&apos; data</source>
        <translation>Ein Mitschnitt enthält Graph und Aufteilung eines anderen Programms, nicht die Daten seiner Tensoren</translation>
    </message>
    <message>
        <source>Add RPC Server…</source>
        <translation>RPC-Server hinzufügen…</translation>
    </message>
    <message>
        <source>Schedule on an rpc-server of llama.cpp as well (HOST:PORT): its device is device 0 of the server</source>
        <translation>Auch auf einen rpc-server von llama.cpp verteilen (HOST:PORT): sein Gerät ist Gerät 0 des Servers</translation>
    </message>
    <message>
        <source>Add RPC Server</source>
        <translation>RPC-Server hinzufügen</translation>
    </message>
    <message>
        <source>Address of an rpc-server (HOST:PORT):</source>
        <translation>Adresse eines rpc-server (HOST:PORT):</translation>
    </message>
    <message>
        <source>Cannot Add RPC Server</source>
        <translation>RPC-Server kann nicht hinzugefügt werden</translation>
    </message>
    <message>
        <source>%1

The backends and the schedule are kept.</source>
        <translation>%1

Die Backends und die Verteilung bleiben erhalten.</translation>
    </message>
    <message>
        <source>%1 is among the backends already: an rpc-server serves one client at a time.</source>
        <translation>%1 ist bereits unter den Backends: ein rpc-server bedient nur einen Client auf einmal.</translation>
    </message>
    <message>
        <source>Cannot Schedule on RPC Server</source>
        <translation>Verteilung auf den RPC-Server nicht möglich</translation>
    </message>
    <message>
        <source>%1

The previous backends and schedule are kept.</source>
        <translation>%1

Die bisherigen Backends und die Verteilung bleiben erhalten.</translation>
    </message>
    <message>
        <source>Add &amp;RPC Server…</source>
        <translation>&amp;RPC-Server hinzufügen…</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SteppingToolBar</name>
    <message>
        <source>Stepping</source>
        <translation>Schrittweise</translation>
    </message>
    <message>
        <source>Jump to step (events applied)</source>
        <translation>Zu Schritt springen (angewendete Ereignisse)</translation>
    </message>
    <message>
        <source> steps/s</source>
        <translation> Schritte/s</translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation>Wiedergabegeschwindigkeit</translation>
    </message>
    <message>
        <source>Break On</source>
        <translation>Stopp bei</translation>
    </message>
    <message>
        <source>Breakpoints on event kinds</source>
        <translation>Haltepunkte auf Ereignisarten</translation>
    </message>
    <message>
        <source>&amp;Play / Pause</source>
        <translation>&amp;Wiedergabe / Pause</translation>
    </message>
    <message>
        <source>Play / Pause (F5)</source>
        <translation>Wiedergabe / Pause (F5)</translation>
    </message>
    <message>
        <source>Step &amp;Back</source>
        <translation>Schritt &amp;zurück</translation>
    </message>
    <message>
        <source>Run to &amp;Breakpoint or End</source>
        <translation>Bis &amp;Haltepunkt oder Ende ausführen</translation>
    </message>
    <message>
        <source>Run Back to Breakpoint or S&amp;tart</source>
        <translation>Zurück bis Haltepunkt oder &amp;Anfang ausführen</translation>
    </message>
    <message>
        <source>Toggle &amp;Breakpoint on Tensor</source>
        <translation>Haltepunkt auf Tensor &amp;umschalten</translation>
    </message>
    <message>
        <source>&amp;Clear Breakpoints</source>
        <translation>Haltepunkte &amp;löschen</translation>
    </message>
    <message>
        <source>Break On &amp;Event</source>
        <translation>Stopp bei &amp;Ereignis</translation>
    </message>
    <message>
        <source> of %1 </source>
        <translation> von %1 </translation>
    </message>
    <message>
        <source>The plan stopped: %1</source>
        <translation>Der Plan wurde angehalten: %1</translation>
    </message>
    <message>
        <source>Toggle Breakpoint on the Selected Tensor (F9)</source>
        <translation>Haltepunkt am ausgewählten Tensor umschalten (F9)</translation>
    </message>
    <message>
        <source>Step Through the S&amp;cheduled Allocation</source>
        <translation>&amp;Geplante Zuteilung schrittweise durchlaufen</translation>
    </message>
    <message>
        <source>Step through the scheduler&apos;s compute buffers, one per backend, instead of the single-buffer plan</source>
        <translation>Die Rechenpuffer des Schedulers schrittweise durchlaufen, einer pro Backend, statt des Plans mit einem Puffer</translation>
    </message>
    <message>
        <source>Schedule first (F7)</source>
        <translation>Zuerst planen (F7)</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <comment>action: one event forward</comment>
        <translation>&amp;Schritt</translation>
    </message>
    <message>
        <source>&amp;First Step</source>
        <translation>E&amp;rster Schritt</translation>
    </message>
    <message>
        <source>&amp;Last Step</source>
        <translation>Le&amp;tzter Schritt</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <comment>menu</comment>
        <translation>&amp;Schritt</translation>
    </message>
</context>
<context>
    <name>planscope::ui::StubItem</name>
    <message>
        <source>From outside the block: %1 (click to select it)</source>
        <translation>Von außerhalb des Blocks: %1 (zum Auswählen klicken)</translation>
    </message>
    <message>
        <source>Read outside the block: %1 (click to select it)</source>
        <translation>Außerhalb des Blocks gelesen: %1 (zum Auswählen klicken)</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SummaryPanel</name>
    <message>
        <source>Tensors:</source>
        <translation>Tensoren:</translation>
    </message>
    <message>
        <source>Nodes:</source>
        <translation>Knoten:</translation>
    </message>
    <message>
        <source>Leafs:</source>
        <translation>Blätter:</translation>
    </message>
    <message>
        <source>View nodes:</source>
        <translation>Sicht-Knoten:</translation>
    </message>
    <message>
        <source>Leaf bytes:</source>
        <translation>Bytes der Blätter:</translation>
    </message>
    <message>
        <source>Node bytes (without views):</source>
        <translation>Bytes der Knoten (ohne Sichten):</translation>
    </message>
    <message>
        <source>Preallocated bytes:</source>
        <translation>Vorab allozierte Bytes:</translation>
    </message>
    <message>
        <source>Compute buffer:</source>
        <translation>Rechenpuffer:</translation>
    </message>
    <message>
        <source>planning…</source>
        <translation>wird geplant…</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>llama.cpp prints:
%1</source>
        <translation>llama.cpp gibt aus:
%1</translation>
    </message>
    <message>
        <source>(was %1: %2)</source>
        <translation>(vorher %1: %2)</translation>
    </message>
    <message>
        <source>For this prompt graph (llama.cpp reserves with its worst-case graph):
%1</source>
        <translation>Für diesen Prompt-Graphen (llama.cpp reserviert mit seinem Graphen für den schlimmsten Fall):
%1</translation>
    </message>
    <message>
        <source>llama.cpp reserves:</source>
        <translation>llama.cpp reserviert:</translation>
    </message>
    <message>
        <source>%1 (worst-case graph)</source>
        <translation>%1 (Graph für den schlimmsten Fall)</translation>
    </message>
    <message>
        <source>%1 (worst-case graph; prompt graph %2)</source>
        <translation>%1 (schlimmster Fall; Prompt-Graph %2)</translation>
    </message>
    <message>
        <source>llama.cpp sizes its compute buffer with its worst-case graph (n_kv = n_ctx, n_past = n_ctx − n_batch), not with this prompt graph:
%1
prompt graph: %2</source>
        <translation>llama.cpp bemisst seinen Rechenpuffer mit seinem Graphen für den schlimmsten Fall (n_kv = n_ctx, n_past = n_ctx − n_batch), nicht mit diesem Prompt-Graphen:
%1
Prompt-Graph: %2</translation>
    </message>
    <message>
        <source>not planned</source>
        <translation>nicht geplant</translation>
    </message>
    <message>
        <source>Planned by:</source>
        <translation>Geplant von:</translation>
    </message>
    <message>
        <source>Graph nodes (llama.cpp):</source>
        <translation>Graphknoten (llama.cpp):</translation>
    </message>
    <message>
        <source>Context:</source>
        <translation>Kontext:</translation>
    </message>
    <message>
        <source>Flash attention:</source>
        <translation>Flash Attention:</translation>
    </message>
    <message>
        <source>Model (weights):</source>
        <translation>Modell (Gewichte):</translation>
    </message>
    <message>
        <source>Context (KV cache):</source>
        <translation>Kontext (KV-Cache):</translation>
    </message>
    <message>
        <source>Compute buffer (llama.cpp):</source>
        <translation>Berechnungspuffer (llama.cpp):</translation>
    </message>
    <message>
        <source>Output buffer:</source>
        <translation>Ausgabepuffer:</translation>
    </message>
    <message>
        <source>llama.cpp memory:</source>
        <translation>Speicher von llama.cpp:</translation>
    </message>
    <message>
        <source>The era whose allocator plans this document (View &gt; Allocator); llama.cpp da46e59c&apos;s figures below are ggml 2026&apos;s</source>
        <translation>Die Ära, deren Allokator dieses Dokument plant (Ansicht &gt; Allokator); die Zahlen von llama.cpp da46e59c darunter sind die von ggml 2026</translation>
    </message>
    <message>
        <source>pp %1 (%2 tokens), tg %3 (1 token)</source>
        <translation>pp %1 (%2 Token), tg %3 (1 Token)</translation>
    </message>
    <message>
        <source>The nodes of the graphs llama.cpp reserves with: the prompt graph (n_ubatch tokens) and the one-token graph; %1 and %2 splits</source>
        <translation>Die Knoten der Graphen, mit denen llama.cpp reserviert: der Prompt-Graph (n_ubatch Token) und der Ein-Token-Graph; %1 und %2 Splits</translation>
    </message>
    <message>
        <source>n_ctx %1, n_batch %2, n_ubatch %3</source>
        <translation>n_ctx %1, n_batch %2, n_ubatch %3</translation>
    </message>
    <message>
        <source>As llama_context resolves them: n_ctx padded to a multiple of 256, n_batch at most n_ctx, n_ubatch at most n_batch; %1 cells per sequence</source>
        <translation>Wie llama_context sie festlegt: n_ctx auf ein Vielfaches von 256 aufgerundet, n_batch höchstens n_ctx, n_ubatch höchstens n_batch; %1 Zellen pro Sequenz</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>As llama_context resolves it: auto is on (the CPU runs FLASH_ATTN_EXT)</source>
        <translation>Wie llama_context sie festlegt: auto ist an (die CPU führt FLASH_ATTN_EXT aus)</translation>
    </message>
    <message>
        <source>%1: the largest of the prompt, one-token and prompt graphs&apos; reserves</source>
        <translation>%1: die größte der Reservierungen von Prompt-, Ein-Token- und Prompt-Graph</translation>
    </message>
    <message>
        <source>%1: the logits buffer, not in llama_memory_breakdown</source>
        <translation>%1: der Logits-Puffer, nicht in llama_memory_breakdown</translation>
    </message>
    <message>
        <source>%1 (model + context + compute)</source>
        <translation>%1 (Modell + Kontext + Berechnung)</translation>
    </message>
    <message>
        <source>%1, as llama_memory_breakdown sums it (without the output buffer)</source>
        <translation>%1, wie llama_memory_breakdown summiert (ohne den Ausgabepuffer)</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SweepChart</name>
    <message>
        <source>Run a sweep to see how the compute buffer grows</source>
        <translation>Starten Sie einen Sweep, um zu sehen, wie der Rechenpuffer wächst</translation>
    </message>
    <message>
        <source>%1 (log₂ scale)</source>
        <translation>%1 (log₂-Skala)</translation>
    </message>
    <message>
        <source>compute buffer (ggml)</source>
        <translation>Rechenpuffer (ggml)</translation>
    </message>
    <message>
        <source>lower bound</source>
        <translation>untere Schranke</translation>
    </message>
    <message>
        <source>llama.cpp total</source>
        <translation>llama.cpp gesamt</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SweepDeviceChart</name>
    <message>
        <source>%1 (limit dashed)</source>
        <translation>%1 (Grenze gestrichelt)</translation>
    </message>
    <message>
        <source>%1: %2 used, %3 free</source>
        <translation>%1: %2 belegt, %3 frei</translation>
    </message>
    <message>
        <source>Run a sweep to see each device&apos;s memory against its limit</source>
        <translation>Starten Sie einen Sweep, um den Speicher jedes Geräts gegenüber seiner Grenze zu sehen</translation>
    </message>
    <message>
        <source>%1 (log₂ scale)</source>
        <translation>%1 (log₂-Skala)</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SweepDialog</name>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>Compute Buffer Sweep</source>
        <translation>Rechenpuffer-Sweep</translation>
    </message>
    <message>
        <source>Comma-separated values, e.g. 1,8,32</source>
        <translation>Durch Kommas getrennte Werte, z. B. 1,8,32</translation>
    </message>
    <message>
        <source>%v / %m points</source>
        <translation>%v / %m Punkte</translation>
    </message>
    <message>
        <source>S&amp;weep:</source>
        <translation>Va&amp;riieren:</translation>
    </message>
    <message>
        <source>&amp;Values:</source>
        <translation>&amp;Werte:</translation>
    </message>
    <message>
        <source>Compute Buffer Sweep — %1</source>
        <translation>Rechenpuffer-Sweep — %1</translation>
    </message>
    <message>
        <source>Only a model (.gguf) or the llama template can be swept.</source>
        <translation>Nur ein Modell (.gguf) oder die llama-Vorlage kann variiert werden.</translation>
    </message>
    <message>
        <source>Values: %1</source>
        <translation>Werte: %1</translation>
    </message>
    <message numerus="yes">
        <source>Planning %n point(s)…</source>
        <translation>
            <numerusform>Plane %n Punkt…</numerusform>
            <numerusform>Plane %n Punkte…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sweep cancelled after %n point(s).</source>
        <translation>
            <numerusform>Sweep nach %n Punkt abgebrochen.</numerusform>
            <numerusform>Sweep nach %n Punkten abgebrochen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n point(s) planned.</source>
        <translation>
            <numerusform>Fertig: %n Punkt geplant.</numerusform>
            <numerusform>Fertig: %n Punkte geplant.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cance&amp;l</source>
        <translation>A&amp;bbrechen</translation>
    </message>
    <message>
        <source>The other parameters stay as they are: n_ctx %1.</source>
        <translation>Die übrigen Parameter bleiben, wie sie sind: n_ctx %1.</translation>
    </message>
    <message>
        <source>The other parameters stay as they are: n_batch %1.</source>
        <translation>Die übrigen Parameter bleiben, wie sie sind: n_batch %1.</translation>
    </message>
    <message>
        <source>ggml 2026: each point is the graph llama.cpp da46e59c reserves with, planned by ggml 2026; llama.cpp&apos;s figure is its context&apos;s compute buffer after the prompt, one-token and prompt graphs.</source>
        <translation>ggml 2026: jeder Punkt ist der Graph, mit dem llama.cpp da46e59c reserviert, geplant von ggml 2026; die Zahl von llama.cpp ist der Rechenpuffer seines Kontexts nach den Prompt-, Ein-Token- und Prompt-Graphen.</translation>
    </message>
    <message>
        <source>ggml 2023: each point is llama.cpp 2023&apos;s graph, planned by ggml 2023; llama.cpp&apos;s figure is what its worst-case graph reserves.</source>
        <translation>ggml 2023: jeder Punkt ist der Graph von llama.cpp 2023, geplant von ggml 2023; die Zahl von llama.cpp ist, was sein Graph für den schlimmsten Fall reserviert.</translation>
    </message>
    <message>
        <source>The other parameters stay as they are: n_ctx %1, n_batch %2.</source>
        <translation>Die übrigen Parameter bleiben, wie sie sind: n_ctx %1, n_batch %2.</translation>
    </message>
    <message>
        <source>On devices (choose GPUs in the Devices dock)</source>
        <translation>Auf Geräten (GPUs im Dock „Geräte“ wählen)</translation>
    </message>
    <message>
        <source>On the Devices dock&apos;s devices: %1</source>
        <translation>Auf den Geräten des Docks „Geräte“: %1</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SweepPointModel</name>
    <message numerus="yes">
        <source>%1 %2: %n node(s)</source>
        <translation>
            <numerusform>%1 %2: %n Knoten</numerusform>
            <numerusform>%1 %2: %n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>Compute buffer (ggml): %1</source>
        <translation>Rechenpuffer (ggml): %1</translation>
    </message>
    <message>
        <source>Lower bound: %1</source>
        <translation>Untere Schranke: %1</translation>
    </message>
    <message>
        <source>Plan / bound: %1</source>
        <translation>Plan / Schranke: %1</translation>
    </message>
    <message>
        <source>llama.cpp total: %1</source>
        <translation>llama.cpp gesamt: %1</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Compute buffer</source>
        <translation>Rechenpuffer</translation>
    </message>
    <message>
        <source>Lower bound</source>
        <translation>Untere Schranke</translation>
    </message>
    <message>
        <source>Plan / bound</source>
        <translation>Plan / Schranke</translation>
    </message>
    <message>
        <source>llama.cpp total</source>
        <translation>llama.cpp gesamt</translation>
    </message>
    <message>
        <source>The compute buffer of the graph built at this value</source>
        <translation>Der Rechenpuffer des mit diesem Wert gebauten Graphen</translation>
    </message>
    <message>
        <source>What llama.cpp reserves at this value: the compute buffer of its worst-case graph (n_past = n_ctx − n_batch, the K-shift), plus its graph metadata</source>
        <translation>Was llama.cpp bei diesem Wert reserviert: den Rechenpuffer seines Graphen für den schlimmsten Fall (n_past = n_ctx − n_batch, der K-Shift) plus seine Graph-Metadaten</translation>
    </message>
</context>
<context>
    <name>planscope::ui::TemplateDialog</name>
    <message>
        <source>Two llama-style attention and SwiGLU layers over 4 tokens, with the shapes of stories260K.</source>
        <translation>Zwei Attention- und SwiGLU-Schichten im Stil von llama über 4 Token, mit den Formen von stories260K.</translation>
    </message>
    <message>
        <source>A multilayer perceptron: linear layers with ReLU between them, then soft_max.</source>
        <translation>Ein mehrschichtiges Perzeptron: lineare Schichten mit ReLU dazwischen, dann soft_max.</translation>
    </message>
    <message>
        <source>A llama decoder as llama.cpp built it in November 2023, with free hyperparameters and placeholder weights.</source>
        <translation>Ein llama-Decoder, wie llama.cpp ihn im November 2023 aufbaute, mit frei wählbaren Hyperparametern und Platzhalter-Gewichten.</translation>
    </message>
    <message>
        <source>Vocabulary size:</source>
        <translation>Vokabulargröße:</translation>
    </message>
    <message>
        <source>Embedding width:</source>
        <translation>Embedding-Breite:</translation>
    </message>
    <message>
        <source>Decoder layers:</source>
        <translation>Decoder-Schichten:</translation>
    </message>
    <message>
        <source>Linear layers:</source>
        <translation>Lineare Schichten:</translation>
    </message>
    <message>
        <source>Attention heads:</source>
        <translation>Attention-Köpfe:</translation>
    </message>
    <message>
        <source>Key/value heads (0: one per head):</source>
        <translation>Key/Value-Köpfe (0: einer je Kopf):</translation>
    </message>
    <message>
        <source>Feed-forward width:</source>
        <translation>Feed-Forward-Breite:</translation>
    </message>
    <message>
        <source>Context (KV cache cells):</source>
        <translation>Kontext (Zellen des KV-Caches):</translation>
    </message>
    <message>
        <source>Tokens in the batch:</source>
        <translation>Token im Batch:</translation>
    </message>
    <message>
        <source>Rows in the batch:</source>
        <translation>Zeilen im Batch:</translation>
    </message>
    <message>
        <source>Cells already filled:</source>
        <translation>Bereits gefüllte Zellen:</translation>
    </message>
    <message>
        <source>KV cache type:</source>
        <translation>Typ des KV-Caches:</translation>
    </message>
    <message>
        <source>Offloaded layers (-ngl):</source>
        <translation>Ausgelagerte Schichten (-ngl):</translation>
    </message>
    <message>
        <source>Input features:</source>
        <translation>Eingabemerkmale:</translation>
    </message>
    <message>
        <source>Hidden width:</source>
        <translation>Breite der verborgenen Schicht:</translation>
    </message>
    <message>
        <source>Output classes:</source>
        <translation>Ausgabeklassen:</translation>
    </message>
    <message>
        <source>New from Template</source>
        <translation>Neu aus Vorlage</translation>
    </message>
    <message>
        <source>&amp;Template:</source>
        <translation>&amp;Vorlage:</translation>
    </message>
    <message>
        <source>This template has no parameters.</source>
        <translation>Diese Vorlage hat keine Parameter.</translation>
    </message>
    <message>
        <source>Worst case (llama.cpp&apos;s measure graph):</source>
        <translation>Schlimmster Fall (Messgraph von llama.cpp):</translation>
    </message>
</context>
<context>
    <name>planscope::ui::TensorListModel</name>
    <message>
        <source>%1 (view)</source>
        <translation>%1 (Sicht)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
</context>
<context>
    <name>planscope::ui::TensorListPanel</name>
    <message>
        <source>Filter by name, op, type or shape</source>
        <translation>Nach Name, Operation, Typ oder Form filtern</translation>
    </message>
</context>
<context>
    <name>planscope::ui::TensorNodeItem</name>
    <message>
        <source>Breakpoint: stepping stops at its events</source>
        <translation>Haltepunkt: das schrittweise Durchlaufen hält bei seinen Ereignissen an</translation>
    </message>
</context>
<context>
    <name>planscope::ui::TimingModel</name>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <source>total (%n splits)</source>
        <translation>
            <numerusform>gesamt (%n Split)</numerusform>
            <numerusform>gesamt (%n Splits)</numerusform>
        </translation>
    </message>
    <message>
        <source>Split</source>
        <translation>Split</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
    <message>
        <source>Copy µs</source>
        <translation>Kopieren µs</translation>
    </message>
    <message>
        <source>Compute µs</source>
        <translation>Rechnen µs</translation>
    </message>
</context>
<context>
    <name>planscope::ui::VersionCompareDialog</name>
    <message>
        <source>Cance&amp;l</source>
        <translation>A&amp;bbrechen</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>&amp;Vergleichen</translation>
    </message>
    <message>
        <source>Compare ggml versions — %1</source>
        <translation>ggml-Versionen vergleichen — %1</translation>
    </message>
    <message>
        <source>Comparison cancelled.</source>
        <translation>Vergleich abgebrochen.</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Vergleich läuft…</translation>
    </message>
    <message>
        <source>Comparison failed: %1</source>
        <translation>Vergleich fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Tensors placed differently: %1</source>
        <translation>Unterschiedlich platzierte Tensoren: %1</translation>
    </message>
    <message>
        <source>ggml 2023: %1 (max_size), tensors placed: %2</source>
        <translation>ggml 2023: %1 (max_size), platzierte Tensoren: %2</translation>
    </message>
    <message>
        <source>ggml 2026: %1 (chunks: %2), tensors placed: %3</source>
        <translation>ggml 2026: %1 (Stücke: %2), platzierte Tensoren: %3</translation>
    </message>
    <message>
        <source>The document has a parse_seq: ggml 2023 frees at its barriers, ggml 2026 ignores it.</source>
        <translation>Das Dokument hat eine parse_seq: ggml 2023 gibt an ihren Barrieren frei, ggml 2026 ignoriert sie.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Both versions place every tensor alike.</source>
        <translation>Beide Versionen platzieren jeden Tensor gleich.</translation>
    </message>
</context>
<context>
    <name>planscope::ui::VersionDiffModel</name>
    <message>
        <source>leaf allocated by 2026</source>
        <translation>Blatt von 2026 alloziert</translation>
    </message>
    <message>
        <source>unused leaf kept by 2026</source>
        <translation>unbenutztes Blatt von 2026 behalten</translation>
    </message>
    <message>
        <source>input placed first by 2026</source>
        <translation>Eingabe von 2026 zuerst platziert</translation>
    </message>
    <message>
        <source>output kept by 2026</source>
        <translation>Ausgabe von 2026 behalten</translation>
    </message>
    <message>
        <source>in-place refused: parent is a view</source>
        <translation>Inplace abgelehnt: Elternknoten ist eine Sicht</translation>
    </message>
    <message>
        <source>in-place refused: parent is an output</source>
        <translation>Inplace abgelehnt: Elternknoten ist eine Ausgabe</translation>
    </message>
    <message>
        <source>in-place over a parent 2023 did not own</source>
        <translation>Inplace über einem Elternknoten, der 2023 nicht gehörte</translation>
    </message>
    <message>
        <source>parse_seq ignored by 2026</source>
        <translation>parse_seq von 2026 ignoriert</translation>
    </message>
    <message>
        <source>moved</source>
        <translation>verschoben</translation>
    </message>
    <message>
        <source>ggml 2026 places every leaf without data before the first node; 2023 placed it when a node first read it.</source>
        <translation>ggml 2026 platziert jedes Blatt ohne Daten vor dem ersten Knoten; 2023 platzierte es, sobald ein Knoten es zum ersten Mal las.</translation>
    </message>
    <message>
        <source>A leaf that no node reads: only ggml 2026 places it, and keeps it to the end.</source>
        <translation>Ein Blatt, das kein Knoten liest: Nur ggml 2026 platziert es und behält es bis zum Ende.</translation>
    </message>
    <message>
        <source>ggml 2026 places the INPUT tensors before the nodes, in leaf then node order.</source>
        <translation>ggml 2026 platziert die INPUT-Tensoren vor den Knoten, erst in der Reihenfolge der Blätter, dann der Knoten.</translation>
    </message>
    <message>
        <source>ggml 2026 never frees an OUTPUT; 2023 did after its last reader.</source>
        <translation>ggml 2026 gibt einen OUTPUT-Tensor nie frei; 2023 tat es nach seinem letzten Leser.</translation>
    </message>
    <message>
        <source>ggml 2023 computed it in place over a view; a view is never ggml 2026&apos;s own to take over.</source>
        <translation>ggml 2023 berechnete ihn inplace über einer Sicht; eine Sicht gehört nie ggml 2026 und kann daher nicht übernommen werden.</translation>
    </message>
    <message>
        <source>ggml 2026 refuses to overwrite an OUTPUT in place; 2023 did.</source>
        <translation>ggml 2026 weigert sich, einen OUTPUT-Tensor inplace zu überschreiben; 2023 tat es.</translation>
    </message>
    <message>
        <source>ggml 2026 computed it in place over a parent that was not ggml 2023&apos;s own to take over.</source>
        <translation>ggml 2026 berechnete ihn inplace über einem Elternknoten, der ggml 2023 nicht gehörte und den es daher nicht übernehmen durfte.</translation>
    </message>
    <message>
        <source>ggml 2023 frees at the document&apos;s parse_seq barriers; ggml 2026 has no parse_seq.</source>
        <translation>ggml 2023 gibt an den parse_seq-Barrieren des Dokuments frei; ggml 2026 kennt keine parse_seq.</translation>
    </message>
    <message>
        <source>No rule of its own: an earlier difference left ggml 2026 another free list.</source>
        <translation>Keine eigene Regel: Ein früherer Unterschied hinterließ ggml 2026 eine andere Freiliste.</translation>
    </message>
    <message>
        <source>Not placed by ggml %1</source>
        <translation>Von ggml %1 nicht platziert</translation>
    </message>
    <message>
        <source>Freed by ggml %1 before the end of the graph</source>
        <translation>Von ggml %1 vor dem Ende des Graphen freigegeben</translation>
    </message>
    <message>
        <source>Kept by ggml %1 to the end of the graph</source>
        <translation>Von ggml %1 bis zum Ende des Graphen behalten</translation>
    </message>
    <message>
        <source>No rule of its own: the difference of %1 before it left ggml 2026 another free list.</source>
        <translation>Keine eigene Regel: Der Unterschied bei %1 davor hinterließ ggml 2026 eine andere Freiliste.</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Offset (2023)</source>
        <translation>Offset (2023)</translation>
    </message>
    <message>
        <source>Offset (2026)</source>
        <translation>Offset (2026)</translation>
    </message>
    <message>
        <source>In place of (2023)</source>
        <translation>Inplace über (2023)</translation>
    </message>
    <message>
        <source>In place of (2026)</source>
        <translation>Inplace über (2026)</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <source>Because of</source>
        <translation>Wegen</translation>
    </message>
</context>
<context>
    <name>planscope::ui::WhatIfBar</name>
    <message>
        <source>What If</source>
        <translation>Was wäre, wenn</translation>
    </message>
    <message>
        <source>KV cache cells, n_ctx (--ctx)</source>
        <translation>Zellen des KV-Caches, n_ctx (--ctx)</translation>
    </message>
    <message>
        <source>Tokens in the graph, n_batch (--batch)</source>
        <translation>Token im Graphen, n_batch (--batch)</translation>
    </message>
    <message>
        <source>Layers on the second backend (--ngl)</source>
        <translation>Schichten auf dem zweiten Backend (--ngl)</translation>
    </message>
    <message>
        <source>KV cache type (--kv-type)</source>
        <translation>Typ des KV-Caches (--kv-type)</translation>
    </message>
    <message>
        <source>What if: ctx </source>
        <translation>Was, wenn: ctx </translation>
    </message>
    <message>
        <source> batch </source>
        <translation> Batch </translation>
    </message>
    <message>
        <source> ngl </source>
        <translation> ngl </translation>
    </message>
    <message>
        <source>= batch</source>
        <translation>= Batch</translation>
    </message>
    <message>
        <source> ubatch </source>
        <translation> ubatch </translation>
    </message>
    <message>
        <source> seqs </source>
        <translation> Seq. </translation>
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
        <translation>Tokens im Reservierungsgraphen, n_ubatch (--ubatch)</translation>
    </message>
    <message>
        <source>Sequences, n_seq_max (--seqs)</source>
        <translation>Sequenzen, n_seq_max (--seqs)</translation>
    </message>
    <message>
        <source>Flash attention (--flash-attn)</source>
        <translation>Flash Attention (--flash-attn)</translation>
    </message>
    <message>
        <source>K cache type (--kv-type-k)</source>
        <translation>Typ des K-Caches (--kv-type-k)</translation>
    </message>
    <message>
        <source>V cache type (--kv-type-v)</source>
        <translation>Typ des V-Caches (--kv-type-v)</translation>
    </message>
</context>
<context>
    <name>planscope::ui::WhyPanel</name>
    <message>
        <source>Offset</source>
        <translation>Offset</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>chosen</source>
        <translation>gewählt</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>too small</source>
        <translation>zu klein</translation>
    </message>
    <message>
        <source>last block</source>
        <translation>letzter Block</translation>
    </message>
    <message>
        <source>&lt;i&gt;Planning…&lt;/i&gt;</source>
        <translation>&lt;i&gt;Planung…&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;Step 0: nothing allocated yet. Step forward (F10) to see each decision.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Schritt 0: noch nichts alloziert. Gehen Sie einen Schritt vor (F10), um jede Entscheidung zu sehen.&lt;/i&gt;</translation>
    </message>
</context>
<context>
    <name>planscope::ui::WhyText</name>
    <message>
        <source>Allocate %1: %2 bytes at offset %3</source>
        <translation>%1 allozieren: %2 Bytes an Offset %3</translation>
    </message>
    <message>
        <source>No block before the last one is large enough, so the last block, the end of the buffer, is used as the last resort.</source>
        <translation>Kein Block vor dem letzten ist groß genug, daher wird als letzter Ausweg der letzte Block, das Ende des Puffers, verwendet.</translation>
    </message>
    <message numerus="yes">
        <source>Best fit: block %1 (%2 bytes) is the smallest of %n fitting block(s); %3 earlier block(s) have the same size and the later one wins (the seed compares with &lt;=).</source>
        <translation>
            <numerusform>Best Fit: Block %1 (%2 Bytes) ist der kleinste (%n passender Block); %3 frühere Blöcke sind gleich groß, und der spätere gewinnt (der Seed vergleicht mit &lt;=).</numerusform>
            <numerusform>Best Fit: Block %1 (%2 Bytes) ist der kleinste (%n passende Blöcke); %3 frühere Blöcke sind gleich groß, und der spätere gewinnt (der Seed vergleicht mit &lt;=).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Best fit: block %1 (%2 bytes) is the smallest of %n fitting block(s); the last block is kept as the last resort.</source>
        <translation>
            <numerusform>Best Fit: Block %1 (%2 Bytes) ist der kleinste (%n passender Block); der letzte Block wird als letzter Ausweg aufbewahrt.</numerusform>
            <numerusform>Best Fit: Block %1 (%2 Bytes) ist der kleinste (%n passende Blöcke); der letzte Block wird als letzter Ausweg aufbewahrt.</numerusform>
        </translation>
    </message>
    <message>
        <source>The buffer&apos;s high-water mark grows from %1 to %2 bytes.</source>
        <translation>Der Höchststand des Puffers wächst von %1 auf %2 Bytes.</translation>
    </message>
    <message>
        <source>%1 is not in this allocator&apos;s buffer (a weight, the KV cache or an unallocated tensor), so %2 cannot take its memory.</source>
        <translation>%1 liegt nicht im Puffer dieses Allocators (ein Gewicht, der KV-Cache oder ein nicht allozierter Tensor), daher kann %2 seinen Speicher nicht übernehmen.</translation>
    </message>
    <message>
        <source>%1 has other children still to run, which read it after %2.</source>
        <translation>%1 hat noch weitere auszuführende Kinder, die ihn nach %2 lesen.</translation>
    </message>
    <message>
        <source>Views of %1 are still alive, so its memory cannot go to %2.</source>
        <translation>Sichten auf %1 sind noch lebendig, daher kann sein Speicher nicht an %2 gehen.</translation>
    </message>
    <message>
        <source>The type, shape or strides of %2 differ from those of %1.</source>
        <translation>Typ, Form oder Schrittweiten von %2 unterscheiden sich von denen von %1.</translation>
    </message>
    <message>
        <source>%1 is a view whose source has other views or children.</source>
        <translation>%1 ist eine Sicht, deren Quelle weitere Sichten oder Kinder hat.</translation>
    </message>
    <message>
        <source>%1 is a view that does not start at its source&apos;s first byte.</source>
        <translation>%1 ist eine Sicht, die nicht am ersten Byte ihrer Quelle beginnt.</translation>
    </message>
    <message>
        <source>Inplace: %1 reuses %2 at offset %3</source>
        <translation>Inplace: %1 verwendet %2 an Offset %3 wieder</translation>
    </message>
    <message>
        <source>%1 can run in place, and its parent %2 has no other children left to run, no live views and the same layout, so the node takes over the parent&apos;s memory.</source>
        <translation>%1 kann inplace laufen, und sein Elternknoten %2 hat keine weiteren auszuführenden Kinder, keine lebendigen Sichten und dasselbe Layout, daher übernimmt der Knoten den Speicher des Elternknotens.</translation>
    </message>
    <message>
        <source>The parent is a view: the node aliases its source %1.</source>
        <translation>Der Elternknoten ist eine Sicht: Der Knoten ist ein Alias seiner Quelle %1.</translation>
    </message>
    <message>
        <source>Not reusing %1 for %2</source>
        <translation>%1 wird nicht für %2 wiederverwendet</translation>
    </message>
    <message>
        <source>Free %1: %2 bytes at offset %3</source>
        <translation>%1 freigeben: %2 Bytes an Offset %3</translation>
    </message>
    <message>
        <source>Its last child has run. The range joins the free list (%1) as block %2, [%3, %4).</source>
        <translation>Sein letztes Kind wurde ausgeführt. Der Bereich kommt in die Freiliste (%1) als Block %2, [%3, %4).</translation>
    </message>
    <message>
        <source>unbounded</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>Its last child has run. The range joins the free list (%1) as block %2, the unbounded tail from offset %3.</source>
        <translation>Sein letztes Kind wurde ausgeführt. Der Bereich kommt in die Freiliste (%1) als Block %2, das unbegrenzte Ende ab Offset %3.</translation>
    </message>
    <message>
        <source>%1 is a graph output, which ggml 2026 never lets %2 overwrite.</source>
        <translation>%1 ist eine Ausgabe des Graphen, die ggml 2026 %2 nie überschreiben lässt.</translation>
    </message>
    <message>
        <source>%1 is a view: ggml 2026 takes over only memory this pass allocated itself, never a view&apos;s, so %2 gets memory of its own.</source>
        <translation>%1 ist eine Sicht: ggml 2026 übernimmt nur Speicher, den dieser Durchlauf selbst belegt hat, nie den einer Sicht; %2 erhält daher eigenen Speicher.</translation>
    </message>
</context>
</TS>
