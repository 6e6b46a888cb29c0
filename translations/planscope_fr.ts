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
        <source>[FILE]</source>
        <translation>[FICHIER]</translation>
    </message>
    <message>
        <source>expected at most one FILE, got %1</source>
        <translation>au plus un FICHIER attendu, %1 reçus</translation>
    </message>
    <message>
        <source>A graph (.json), model (.gguf) or ggml DOT dump (.dot) to open; without one the embedded %1 model opens with an 8-token prompt.</source>
        <translation>Un graphe (.json), un modèle (.gguf) ou un export DOT de ggml (.dot) à ouvrir ; sans fichier, le modèle intégré %1 s’ouvre avec une invite de 8 jetons.</translation>
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
    <name>planscope::ui::GraphCanvas</name>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>Rechercher :</translation>
    </message>
    <message>
        <source>tensor name</source>
        <translation>nom du tenseur</translation>
    </message>
    <message>
        <source>Close the find bar (Esc)</source>
        <translation>Fermer la barre de recherche (Échap)</translation>
    </message>
    <message>
        <source>Laying out %1 nodes…</source>
        <translation>Disposition de %1 nœuds…</translation>
    </message>
    <message>
        <source>Layout cancelled</source>
        <translation>Disposition annulée</translation>
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
    <message>
        <source>&amp;New from Template…</source>
        <translation>&amp;Nouveau à partir d’un modèle…</translation>
    </message>
    <message>
        <source>Graphs, models and ggml DOT dumps (*.json *.gguf *.dot);;All files (*)</source>
        <translation>Graphes, modèles et exports DOT de ggml (*.json *.gguf *.dot);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Zoom to &amp;Fit</source>
        <translation>Ajuster à la &amp;fenêtre</translation>
    </message>
    <message>
        <source>&amp;Find Tensor…</source>
        <translation>Rec&amp;hercher un tenseur…</translation>
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
    <name>planscope::ui::TemplateDialog</name>
    <message>
        <source>Two llama-style attention and SwiGLU layers over 4 tokens, with the shapes of stories260K.</source>
        <translation>Deux couches d’attention et SwiGLU de type llama sur 4 jetons, aux dimensions de stories260K.</translation>
    </message>
    <message>
        <source>A multilayer perceptron: linear layers with ReLU between them, then soft_max.</source>
        <translation>Un perceptron multicouche : des couches linéaires séparées par ReLU, puis soft_max.</translation>
    </message>
    <message>
        <source>A llama decoder as llama.cpp built it in November 2023, with free hyperparameters and placeholder weights.</source>
        <translation>Un décodeur llama tel que llama.cpp le construisait en novembre 2023, avec des hyperparamètres libres et des poids fictifs.</translation>
    </message>
    <message>
        <source>Vocabulary size:</source>
        <translation>Taille du vocabulaire :</translation>
    </message>
    <message>
        <source>Embedding width:</source>
        <translation>Largeur de l’embedding :</translation>
    </message>
    <message>
        <source>Decoder layers:</source>
        <translation>Couches du décodeur :</translation>
    </message>
    <message>
        <source>Linear layers:</source>
        <translation>Couches linéaires :</translation>
    </message>
    <message>
        <source>Attention heads:</source>
        <translation>Têtes d’attention :</translation>
    </message>
    <message>
        <source>Key/value heads (0: one per head):</source>
        <translation>Têtes clé/valeur (0 : une par tête) :</translation>
    </message>
    <message>
        <source>Feed-forward width:</source>
        <translation>Largeur du feed-forward :</translation>
    </message>
    <message>
        <source>Context (KV cache cells):</source>
        <translation>Contexte (cellules du cache KV) :</translation>
    </message>
    <message>
        <source>Tokens in the batch:</source>
        <translation>Jetons dans le lot :</translation>
    </message>
    <message>
        <source>Rows in the batch:</source>
        <translation>Lignes dans le lot :</translation>
    </message>
    <message>
        <source>Cells already filled:</source>
        <translation>Cellules déjà remplies :</translation>
    </message>
    <message>
        <source>KV cache type:</source>
        <translation>Type du cache KV :</translation>
    </message>
    <message>
        <source>Offloaded layers (-ngl):</source>
        <translation>Couches déportées (-ngl) :</translation>
    </message>
    <message>
        <source>Input features:</source>
        <translation>Caractéristiques d’entrée :</translation>
    </message>
    <message>
        <source>Hidden width:</source>
        <translation>Largeur de la couche cachée :</translation>
    </message>
    <message>
        <source>Output classes:</source>
        <translation>Classes de sortie :</translation>
    </message>
    <message>
        <source>New from Template</source>
        <translation>Nouveau à partir d’un modèle</translation>
    </message>
    <message>
        <source>&amp;Template:</source>
        <translation>&amp;Modèle :</translation>
    </message>
    <message>
        <source>This template has no parameters.</source>
        <translation>Ce modèle n’a pas de paramètres.</translation>
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
