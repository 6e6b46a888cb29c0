<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
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
        <source>A JSON graph to open; without one the built-in &quot;%1&quot; graph opens.</source>
        <translation>Ein zu öffnender JSON-Graph; ohne Angabe wird der eingebaute Graph „%1“ geöffnet.</translation>
    </message>
    <message>
        <source>[FILE]</source>
        <translation>[DATEI]</translation>
    </message>
    <message>
        <source>expected at most one FILE, got %1</source>
        <translation>höchstens eine DATEI erwartet, %1 erhalten</translation>
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
        <source>Open Graph</source>
        <translation>Graph öffnen</translation>
    </message>
    <message>
        <source>Graph files (*.json);;All files (*)</source>
        <translation>Graph-Dateien (*.json);;Alle Dateien (*)</translation>
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
    <name>planscope::ui::Screenshot</name>
    <message>
        <source>nothing to render</source>
        <translation>nichts zu zeichnen</translation>
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
</TS>
