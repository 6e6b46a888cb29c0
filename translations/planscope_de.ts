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
        <source>Graphs, models and ggml DOT dumps (*.json *.gguf *.dot);;All files (*)</source>
        <translation>Graphen, Modelle und ggml-DOT-Abzüge (*.json *.gguf *.dot);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Zoom to &amp;Fit</source>
        <translation>&amp;Einpassen</translation>
    </message>
    <message>
        <source>&amp;Find Tensor…</source>
        <translation>Tensor &amp;suchen…</translation>
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
