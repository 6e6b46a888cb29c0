<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>planscope::ui::AssignmentReplay</name>
    <message numerus="yes">
        <source>Pass 4: laying out %n split(s)…</source>
        <translation>
            <numerusform>Pass 4: laying out %n split…</numerusform>
            <numerusform>Pass 4: laying out %n splits…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replayed %n assignment(s)</source>
        <translation>
            <numerusform>Replayed %n assignment</numerusform>
            <numerusform>Replayed %n assignments</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::BufferView</name>
    <message numerus="yes">
        <source>Pre-allocated — %n buffer(s), %1</source>
        <translation>
            <numerusform>Pre-allocated — %n buffer, %1</numerusform>
            <numerusform>Pre-allocated — %n buffers, %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %2, %n tensor(s)</source>
        <translation>
            <numerusform>%1: %2, %n tensor</numerusform>
            <numerusform>%1: %2, %n tensors</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::CapturePanel</name>
    <message numerus="yes">
        <source>%1: %n run(s), %2 graph records; record %3 is open (activate another to open it)</source>
        <translation>
            <numerusform>%1: %n run, %2 graph records; record %3 is open (activate another to open it)</numerusform>
            <numerusform>%1: %n runs, %2 graph records; record %3 is open (activate another to open it)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::DevicesPanel</name>
    <message numerus="yes">
        <source>Best %1: %2 (%n plan(s))</source>
        <translation>
            <numerusform>Best %1: %2 (%n plan)</numerusform>
            <numerusform>Best %1: %2 (%n plans)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Nothing in range fits (%n plan(s))</source>
        <translation>
            <numerusform>Nothing in range fits (%n plan)</numerusform>
            <numerusform>Nothing in range fits (%n plans)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::EdgeText</name>
    <message numerus="yes">
        <source>%n edge(s), the first %1 → %2</source>
        <translation>
            <numerusform>%n edge, the first %1 → %2</numerusform>
            <numerusform>%n edges, the first %1 → %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::EventText</name>
    <message numerus="yes">
        <source>%1 (measure): alignment %2, %n free block(s)</source>
        <translation>
            <numerusform>%1 (measure): alignment %2, %n free block</numerusform>
            <numerusform>%1 (measure): alignment %2, %n free blocks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: alignment %2, %n free block(s)</source>
        <translation>
            <numerusform>%1: alignment %2, %n free block</numerusform>
            <numerusform>%1: alignment %2, %n free blocks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::FileController</name>
    <message numerus="yes">
        <source>%n import warning(s)</source>
        <translation>
            <numerusform>%n import warning</numerusform>
            <numerusform>%n import warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 imported with %n warning(s)</source>
        <translation>
            <numerusform>%1 imported with %n warning</numerusform>
            <numerusform>%1 imported with %n warnings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::GraphCanvas</name>
    <message numerus="yes">
        <source>Laying out %n unit(s), %1 block(s) open…</source>
        <translation>
            <numerusform>Laying out %n unit, %1 block(s) open…</numerusform>
            <numerusform>Laying out %n units, %1 block(s) open…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::LiveTensorModel</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s), to the end</source>
        <translation>
            <numerusform>%n node, to the end</numerusform>
            <numerusform>%n nodes, to the end</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::MainWindow</name>
    <message numerus="yes">
        <source>Stepping through the scheduled allocation: %n split(s), %1 steps</source>
        <translation>
            <numerusform>Stepping through the scheduled allocation: %n split, %1 steps</numerusform>
            <numerusform>Stepping through the scheduled allocation: %n splits, %1 steps</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::SettingsDialog</name>
    <message numerus="yes">
        <source>%n device(s) found</source>
        <translation>
            <numerusform>%n device found</numerusform>
            <numerusform>%n devices found</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::SplitCauseModel</name>
    <message numerus="yes">
        <source>%n split(s) start where the scheduler moved to %1 for this reason; select the row to mark them in the split overview</source>
        <translation>
            <numerusform>%n split starts where the scheduler moved to %1 for this reason; select the row to mark it in the split overview</numerusform>
            <numerusform>%n splits start where the scheduler moved to %1 for this reason; select the row to mark them in the split overview</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::SplitController</name>
    <message numerus="yes">
        <source>GGML_SCHED_DEBUG log: %n split(s), %1 assignments</source>
        <translation>
            <numerusform>GGML_SCHED_DEBUG log: %n split, %1 assignments</numerusform>
            <numerusform>GGML_SCHED_DEBUG log: %n splits, %1 assignments</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n split(s), %1 assignments</source>
        <translation>
            <numerusform>%n split, %1 assignments</numerusform>
            <numerusform>%n splits, %1 assignments</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Run finished: %n split(s)</source>
        <translation>
            <numerusform>Run finished: %n split</numerusform>
            <numerusform>Run finished: %n splits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Planned on %1: %n split(s), %2 assignments (device profiles: nothing runs)</source>
        <translation>
            <numerusform>Planned on %1: %n split, %2 assignments (device profiles: nothing runs)</numerusform>
            <numerusform>Planned on %1: %n splits, %2 assignments (device profiles: nothing runs)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Captured on %1: %n split(s), as the program&apos;s ggml split the graph</source>
        <translation>
            <numerusform>Captured on %1: %n split, as the program&apos;s ggml split the graph</numerusform>
            <numerusform>Captured on %1: %n splits, as the program&apos;s ggml split the graph</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::SplitOverview</name>
    <message numerus="yes">
        <source>#%1 · %n node(s)</source>
        <translation>
            <numerusform>#%1 · %n node</numerusform>
            <numerusform>#%1 · %n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n copies · %1</source>
        <translation>
            <numerusform>%n copy · %1</numerusform>
            <numerusform>%n copies · %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n split(s) each</source>
        <translation>
            <numerusform>%n split each</numerusform>
            <numerusform>%n splits each</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n split(s)</source>
        <translation>
            <numerusform>%n split</numerusform>
            <numerusform>%n splits</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::SweepDialog</name>
    <message numerus="yes">
        <source>Planning %n point(s)…</source>
        <translation>
            <numerusform>Planning %n point…</numerusform>
            <numerusform>Planning %n points…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sweep cancelled after %n point(s).</source>
        <translation>
            <numerusform>Sweep cancelled after %n point.</numerusform>
            <numerusform>Sweep cancelled after %n points.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n point(s) planned.</source>
        <translation>
            <numerusform>Done: %n point planned.</numerusform>
            <numerusform>Done: %n points planned.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::SweepPointModel</name>
    <message numerus="yes">
        <source>%1 %2: %n node(s)</source>
        <translation>
            <numerusform>%1 %2: %n node</numerusform>
            <numerusform>%1 %2: %n nodes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::TimingModel</name>
    <message numerus="yes">
        <source>total (%n splits)</source>
        <translation>
            <numerusform>total (%n split)</numerusform>
            <numerusform>total (%n splits)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>planscope::ui::WhyText</name>
    <message numerus="yes">
        <source>Best fit: block %1 (%2 bytes) is the smallest of %n fitting block(s); %3 earlier block(s) have the same size and the later one wins (the seed compares with &lt;=).</source>
        <translation>
            <numerusform>Best fit: block %1 (%2 bytes) is the smallest of %n fitting block; %3 earlier block(s) have the same size and the later one wins (the seed compares with &lt;=).</numerusform>
            <numerusform>Best fit: block %1 (%2 bytes) is the smallest of %n fitting blocks; %3 earlier block(s) have the same size and the later one wins (the seed compares with &lt;=).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Best fit: block %1 (%2 bytes) is the smallest of %n fitting block(s); the last block is kept as the last resort.</source>
        <translation>
            <numerusform>Best fit: block %1 (%2 bytes) is the smallest of %n fitting block; the last block is kept as the last resort.</numerusform>
            <numerusform>Best fit: block %1 (%2 bytes) is the smallest of %n fitting blocks; the last block is kept as the last resort.</numerusform>
        </translation>
    </message>
</context>
</TS>
