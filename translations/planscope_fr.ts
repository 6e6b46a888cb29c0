<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>main</name>
    <message>
        <source>Shows how ggml&apos;s allocator and scheduler place every tensor of a compute graph.</source>
        <translation>Montre comment l’allocateur et l’ordonnanceur de ggml placent chaque tenseur d’un graphe de calcul.</translation>
    </message>
    <message>
        <source>Render the main window to a PNG file and exit.</source>
        <translation>Enregistrer la fenêtre principale dans un fichier PNG et quitter.</translation>
    </message>
    <message>
        <source>OUT.png</source>
        <translation>SORTIE.png</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>FICHIER</translation>
    </message>
    <message>
        <source>A JSON graph to open; without one the built-in &quot;%1&quot; graph opens.</source>
        <translation>Un graphe JSON à ouvrir ; sans fichier, le graphe intégré « %1 » s’ouvre.</translation>
    </message>
    <message>
        <source>[FILE]</source>
        <translation>[FICHIER]</translation>
    </message>
    <message>
        <source>expected at most one FILE, got %1</source>
        <translation>au plus un FICHIER attendu, %1 reçus</translation>
    </message>
</context>
<context>
    <name>planscope::ui::BufferListModel</name>
    <message>
        <source>Buffer</source>
        <translation>Tampon</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <source>Alignment</source>
        <translation>Alignement</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>Tenseurs</translation>
    </message>
</context>
<context>
    <name>planscope::ui::EventLogModel</name>
    <message>
        <source>Step</source>
        <translation>Étape</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Événement</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tenseur</translation>
    </message>
    <message>
        <source>Buffer</source>
        <translation>Tampon</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>Décalage</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
</context>
<context>
    <name>planscope::ui::Format</name>
    <message>
        <source>%1 bytes</source>
        <translation>%1 octets</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>input</source>
        <translation>entrée</translation>
    </message>
    <message>
        <source>output</source>
        <translation>sortie</translation>
    </message>
    <message>
        <source>param</source>
        <translation>paramètre</translation>
    </message>
    <message>
        <source>leaf</source>
        <translation>feuille</translation>
    </message>
    <message>
        <source>node</source>
        <translation>nœud</translation>
    </message>
    <message>
        <source>unused</source>
        <translation>inutilisé</translation>
    </message>
</context>
<context>
    <name>planscope::ui::InspectorPanel</name>
    <message>
        <source>Select a tensor on the canvas to inspect it.</source>
        <translation>Sélectionnez un tenseur sur le canevas pour l’inspecter.</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nom :</translation>
    </message>
    <message>
        <source>Role:</source>
        <translation>Rôle :</translation>
    </message>
    <message>
        <source>Op:</source>
        <translation>Opération :</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Type :</translation>
    </message>
    <message>
        <source>Shape (ne):</source>
        <translation>Forme (ne) :</translation>
    </message>
    <message>
        <source>Strides (nb):</source>
        <translation>Pas (nb) :</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>Taille :</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>Sources :</translation>
    </message>
    <message>
        <source>View of:</source>
        <translation>Vue de :</translation>
    </message>
    <message>
        <source>Parameters:</source>
        <translation>Paramètres :</translation>
    </message>
    <message>
        <source>Flags:</source>
        <translation>Indicateurs :</translation>
    </message>
    <message>
        <source>Placement:</source>
        <translation>Placement :</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>%1 (view)</source>
        <translation>%1 (vue)</translation>
    </message>
    <message>
        <source>%1 at byte offset %2</source>
        <translation>%1 au décalage de %2 octets</translation>
    </message>
    <message>
        <source>%1 (%2) at offset %3</source>
        <translation>%1 (%2) au décalage %3</translation>
    </message>
    <message>
        <source>not allocated</source>
        <translation>non alloué</translation>
    </message>
</context>
<context>
    <name>planscope::ui::MainWindow</name>
    <message>
        <source>Loading %1…</source>
        <translation>Chargement de %1…</translation>
    </message>
    <message>
        <source>Cannot Open Graph</source>
        <translation>Impossible d’ouvrir le graphe</translation>
    </message>
    <message>
        <source>%1

The current graph is kept.</source>
        <translation>%1

Le graphe actuel est conservé.</translation>
    </message>
    <message>
        <source>Cannot Save Graph</source>
        <translation>Impossible d’enregistrer le graphe</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 enregistré</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>Inspecteur</translation>
    </message>
    <message>
        <source>Graph Summary</source>
        <translation>Résumé du graphe</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>Tenseurs</translation>
    </message>
    <message>
        <source>Event Log</source>
        <translation>Journal des événements</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>Tampons</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Ouvrir…</translation>
    </message>
    <message>
        <source>Open &amp;Template</source>
        <translation>Ouvrir un &amp;modèle</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Enregistrer &amp;sous…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>Affic&amp;hage</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Zoom &amp;avant</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Zoom a&amp;rrière</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>&amp;Taille réelle</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <source>&amp;About Planscope</source>
        <translation>À &amp;propos de Planscope</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>À propos de &amp;Qt</translation>
    </message>
    <message>
        <source>Nodes: %1  Leafs: %2</source>
        <translation>Nœuds : %1  Feuilles : %2</translation>
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
        <translation>Ouvrir un graphe</translation>
    </message>
    <message>
        <source>Graph files (*.json);;All files (*)</source>
        <translation>Fichiers de graphe (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Save Graph As</source>
        <translation>Enregistrer le graphe sous</translation>
    </message>
    <message>
        <source>Graph files (*.json)</source>
        <translation>Fichiers de graphe (*.json)</translation>
    </message>
    <message>
        <source>About Planscope</source>
        <translation>À propos de Planscope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Planscope %1&lt;/h3&gt;&lt;p&gt;Shows how ggml&apos;s allocator and scheduler place every tensor of a compute graph.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Planscope %1&lt;/h3&gt;&lt;p&gt;Montre comment l’allocateur et l’ordonnanceur de ggml placent chaque tenseur d’un graphe de calcul.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>planscope::ui::OpSummaryModel</name>
    <message>
        <source>Op</source>
        <translation>Opération</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Result bytes</source>
        <translation>Octets du résultat</translation>
    </message>
</context>
<context>
    <name>planscope::ui::Screenshot</name>
    <message>
        <source>nothing to render</source>
        <translation>rien à afficher</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SummaryPanel</name>
    <message>
        <source>Tensors:</source>
        <translation>Tenseurs :</translation>
    </message>
    <message>
        <source>Nodes:</source>
        <translation>Nœuds :</translation>
    </message>
    <message>
        <source>Leafs:</source>
        <translation>Feuilles :</translation>
    </message>
    <message>
        <source>View nodes:</source>
        <translation>Nœuds vues :</translation>
    </message>
    <message>
        <source>Leaf bytes:</source>
        <translation>Octets des feuilles :</translation>
    </message>
    <message>
        <source>Node bytes (without views):</source>
        <translation>Octets des nœuds (hors vues) :</translation>
    </message>
    <message>
        <source>Preallocated bytes:</source>
        <translation>Octets préalloués :</translation>
    </message>
</context>
<context>
    <name>planscope::ui::TensorListModel</name>
    <message>
        <source>%1 (view)</source>
        <translation>%1 (vue)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rôle</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>Opération</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Forme</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Octets</translation>
    </message>
</context>
<context>
    <name>planscope::ui::TensorListPanel</name>
    <message>
        <source>Filter by name, op, type or shape</source>
        <translation>Filtrer par nom, opération, type ou forme</translation>
    </message>
</context>
</TS>
