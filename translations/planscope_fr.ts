<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>ExportSettings</name>
    <message>
        <source>Split diagram</source>
        <translation>Diagramme des splits</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Execution trace</source>
        <translation>Trace d’exécution</translation>
    </message>
    <message>
        <source>Allocation trace</source>
        <translation>Trace d’allocation</translation>
    </message>
    <message>
        <source>Canvas view</source>
        <translation>Vue du canevas</translation>
    </message>
    <message>
        <source>Buffer views</source>
        <translation>Vues des tampons</translation>
    </message>
</context>
<context>
    <name>ModelOptionsText</name>
    <message>
        <source>token %1 is empty</source>
        <translation>le jeton %1 est vide</translation>
    </message>
    <message>
        <source>token %1 &apos;%2&apos; is not an integer</source>
        <translation>le jeton %1 « %2 » n’est pas un entier</translation>
    </message>
    <message>
        <source>token %1 (%2) is negative</source>
        <translation>le jeton %1 (%2) est négatif</translation>
    </message>
    <message>
        <source>token %1 (%2) is outside the vocabulary [0, %3)</source>
        <translation>le jeton %1 (%2) est hors du vocabulaire [0, %3)</translation>
    </message>
    <message>
        <source>token %1 (%2) is too large</source>
        <translation>le jeton %1 (%2) est trop grand</translation>
    </message>
    <message>
        <source>n_ctx must be positive, got %1</source>
        <translation>n_ctx doit être positif, %1 reçu</translation>
    </message>
    <message>
        <source>n_batch must be positive, got %1</source>
        <translation>n_batch doit être positif, %1 reçu</translation>
    </message>
    <message>
        <source>n_past must not be negative, got %1</source>
        <translation>n_past ne doit pas être négatif, %1 reçu</translation>
    </message>
    <message>
        <source>ngl must not be negative, got %1</source>
        <translation>ngl ne doit pas être négatif, %1 reçu</translation>
    </message>
    <message>
        <source>n_batch %1 exceeds n_ctx %2</source>
        <translation>n_batch %1 dépasse n_ctx %2</translation>
    </message>
    <message>
        <source>n_past + n_batch = %1 exceeds n_ctx %2</source>
        <translation>n_past + n_batch = %1 dépasse n_ctx %2</translation>
    </message>
    <message>
        <source>the prompt has %1 token ids but n_batch is %2</source>
        <translation>le prompt a %1 identifiants de jetons mais n_batch vaut %2</translation>
    </message>
    <message>
        <source>Not in the 2026 era yet: llama.cpp 2026 sizes its compute buffer with every KV cell, from cell 0</source>
        <translation>Pas encore dans l’ère 2026 : llama.cpp 2026 dimensionne son tampon de calcul avec toutes les cellules KV, dès la cellule 0</translation>
    </message>
    <message>
        <source>Not in the 2026 era yet: every layer is on the CPU there (View &gt; Allocator &gt; ggml 2023 offloads layers)</source>
        <translation>Pas encore dans l’ère 2026 : toutes les couches y sont sur le CPU (Affichage &gt; Allocateur &gt; ggml 2023 déporte des couches)</translation>
    </message>
    <message>
        <source>Not in the 2026 era yet: llama.cpp 2026 reserves with every KV cell already, so there is no separate worst-case graph</source>
        <translation>Pas encore dans l’ère 2026 : llama.cpp 2026 réserve déjà avec toutes les cellules KV, il n’y a donc pas de graphe du pire cas à part</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023 had no ubatch (a graph is n_batch tokens)</source>
        <translation>Pas dans l’ère 2023 : llama.cpp 2023 n’avait pas d’ubatch (un graphe compte n_batch jetons)</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023&apos;s graph holds one sequence</source>
        <translation>Pas dans l’ère 2023 : le graphe de llama.cpp 2023 contient une seule séquence</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023 had no flash attention</source>
        <translation>Pas dans l’ère 2023 : llama.cpp 2023 n’avait pas de flash attention</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023 stores K and V as f16 or f32</source>
        <translation>Pas dans l’ère 2023 : llama.cpp 2023 stocke K et V en f16 ou f32</translation>
    </message>
    <message>
        <source>Not in the 2023 era: llama.cpp 2023 stores K and V as one type, the K field&apos;s</source>
        <translation>Pas dans l’ère 2023 : llama.cpp 2023 stocke K et V dans un seul type, celui du champ K</translation>
    </message>
    <message>
        <source>n_ubatch must be 0 (n_batch) or positive, got %1</source>
        <translation>n_ubatch doit être 0 (n_batch) ou positif, %1 reçu</translation>
    </message>
    <message>
        <source>the sequences must be 1 to 256, got %1</source>
        <translation>les séquences doivent être de 1 à 256, %1 reçu</translation>
    </message>
    <message>
        <source>a quantized V cache needs flash attention (auto or on)</source>
        <translation>un cache V quantifié nécessite la flash attention (auto ou on)</translation>
    </message>
</context>
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
    <message>
        <source>Open the plan at step N (N allocator events applied).</source>
        <translation>Ouvrir le plan à l’étape N (N événements de l’allocateur appliqués).</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>--step takes a number of steps, not &apos;%1&apos;</source>
        <translation>--step attend un nombre d’étapes, pas « %1 »</translation>
    </message>
    <message>
        <source>BACKENDS</source>
        <translation>BACKENDS</translation>
    </message>
    <message>
        <source>With --schedule: show the split overview.</source>
        <translation>Avec --schedule : afficher la vue d’ensemble des splits.</translation>
    </message>
    <message>
        <source>--split-overview needs --schedule</source>
        <translation>--split-overview nécessite --schedule</translation>
    </message>
    <message>
        <source>Re-plan the model with N layers on the second backend, as the what-if bar&apos;s ngl.</source>
        <translation>Replanifier le modèle avec N couches sur le second backend, comme le ngl de la barre « Et si ».</translation>
    </message>
    <message>
        <source>Bring PANEL to the front: peak, causes (with --schedule) or devices=PROFILE,... (the Devices dock with those GPUs).</source>
        <translation>Afficher PANEL au premier plan : peak, causes (avec --schedule) ou devices=PROFIL,... (le dock Appareils avec ces GPU).</translation>
    </message>
    <message>
        <source>PANEL</source>
        <translation>PANEL</translation>
    </message>
    <message>
        <source>--ngl takes a number of layers, not &apos;%1&apos;</source>
        <translation>--ngl attend un nombre de couches, pas « %1 »</translation>
    </message>
    <message>
        <source>VERSION</source>
        <translation>VERSION</translation>
    </message>
    <message>
        <source>--ggml is 2023 or 2026, not &apos;%1&apos;</source>
        <translation>--ggml vaut 2023 ou 2026, pas « %1 »</translation>
    </message>
    <message>
        <source>With --ggml 2026: the buffer type&apos;s maximum size in bytes, as View &gt; Allocator &gt; Maximum Buffer Size.</source>
        <translation>Avec --ggml 2026 : la taille maximale du type de tampon en octets, comme Affichage &gt; Allocateur &gt; Taille maximale des tampons.</translation>
    </message>
    <message>
        <source>--max-buffer-size takes a positive number of bytes, not &apos;%1&apos;</source>
        <translation>--max-buffer-size attend un nombre positif d&apos;octets, pas « %1 »</translation>
    </message>
    <message>
        <source>--max-buffer-size goes with --ggml 2026</source>
        <translation>--max-buffer-size va avec --ggml 2026</translation>
    </message>
    <message>
        <source>--schedule does not apply to a GGML_SCHED_DEBUG log: it shows the assignment it printed</source>
        <translation>--schedule ne s’applique pas à un journal GGML_SCHED_DEBUG : il montre l’affectation qu’il a affichée</translation>
    </message>
    <message>
        <source>Plan, schedule and run as ggml VERSION, 2023 or 2026 (a .gguf model&apos;s default), as View &gt; Allocator.</source>
        <translation>Planifier, répartir et exécuter comme ggml VERSION, 2023 ou 2026 (par défaut pour un modèle .gguf), comme Affichage &gt; Allocateur.</translation>
    </message>
    <message>
        <source>Schedule the graph on BACKENDS (e.g. cpu,opencl) as Schedule (F7) does, or with devices=PROFILE,... plan a model on those device profiles as the Devices dock&apos;s Plan on These Devices does.</source>
        <translation>Répartir le graphe sur BACKENDS (p. ex. cpu,opencl) comme Répartir (F7), ou avec devices=PROFIL,... planifier un modèle sur ces profils d’appareils comme « Planifier sur ces appareils » du dock Appareils.</translation>
    </message>
</context>
<context>
    <name>planscope::ui::AssignmentModel</name>
    <message>
        <source>user</source>
        <translation>utilisateur</translation>
    </message>
    <message>
        <source>1 · buffers</source>
        <translation>1 · tampons</translation>
    </message>
    <message>
        <source>2 · sources</source>
        <translation>2 · sources</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>non pris en charge</translation>
    </message>
    <message>
        <source>3 · unassigned</source>
        <translation>3 · non affecté</translation>
    </message>
    <message>
        <source>4 · copy</source>
        <translation>4 · copie</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tenseur</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Passe</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Cause</translation>
    </message>
    <message>
        <source>2 · expand</source>
        <translation>2 · extension</translation>
    </message>
    <message>
        <source>3 · upgrade</source>
        <translation>3 · promotion</translation>
    </message>
    <message>
        <source>4 · remaining</source>
        <translation>4 · restants</translation>
    </message>
    <message>
        <source>5 · copy</source>
        <translation>5 · copie</translation>
    </message>
    <message>
        <source>log</source>
        <translation>journal</translation>
    </message>
</context>
<context>
    <name>planscope::ui::AssignmentReplay</name>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>User assignment</source>
        <translation>Affectation par l’utilisateur</translation>
    </message>
    <message>
        <source>Pass 1: buffers</source>
        <translation>Passe 1 : tampons</translation>
    </message>
    <message>
        <source>Pass 2: sources</source>
        <translation>Passe 2 : sources</translation>
    </message>
    <message>
        <source>Unsupported op</source>
        <translation>Opération non prise en charge</translation>
    </message>
    <message>
        <source>Pass 3: unassigned sources</source>
        <translation>Passe 3 : sources non affectées</translation>
    </message>
    <message>
        <source>Pass 4: split copies</source>
        <translation>Passe 4 : copies des splits</translation>
    </message>
    <message>
        <source>%1 — %2 → %3 (%4)</source>
        <translation>%1 — %2 → %3 (%4)</translation>
    </message>
    <message>
        <source>Laying out the graph for the replay…</source>
        <translation>Disposition du graphe pour la relecture…</translation>
    </message>
    <message>
        <source>Replay stopped: the layout was cancelled</source>
        <translation>Relecture arrêtée : la disposition a été annulée</translation>
    </message>
    <message numerus="yes">
        <source>Pass 4: laying out %n split(s)…</source>
        <translation>
            <numerusform>Passe 4 : disposition de %n split…</numerusform>
            <numerusform>Passe 4 : disposition de %n splits…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replayed %n assignment(s)</source>
        <translation>
            <numerusform>%n affectation rejouée</numerusform>
            <numerusform>%n affectations rejouées</numerusform>
        </translation>
    </message>
    <message>
        <source>backend %1 · %2 (%3)</source>
        <translation>backend %1 · %2 (%3)</translation>
    </message>
    <message>
        <source>Pass 2: expand to neighbours</source>
        <translation>Passe 2 : extension aux voisins</translation>
    </message>
    <message>
        <source>Pass 3: upgrade and best backend</source>
        <translation>Passe 3 : promotion et meilleur backend</translation>
    </message>
    <message>
        <source>Pass 4: remaining sources</source>
        <translation>Passe 4 : sources restantes</translation>
    </message>
    <message>
        <source>Pass 5: split copies</source>
        <translation>Passe 5 : copies des splits</translation>
    </message>
    <message>
        <source>As the log printed it</source>
        <translation>Tel que le journal l’a affiché</translation>
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
Cliquez pour ouvrir un bloc (la cellule sous la souris)</translation>
    </message>
    <message>
        <source>%1
%2
Click the header to close it</source>
        <translation>%1
%2
Cliquez sur l’en-tête pour le fermer</translation>
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
        <translation>%1 nœuds chacun</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 nœuds</translation>
    </message>
    <message>
        <source>%1 results</source>
        <translation>%1 de résultats</translation>
    </message>
    <message>
        <source>%1 weights</source>
        <translation>%1 de poids</translation>
    </message>
    <message>
        <source>split %1</source>
        <translation>split %1</translation>
    </message>
    <message>
        <source>splits %1–%2</source>
        <translation>splits %1–%2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::Breakpoints</name>
    <message>
        <source>Next inplace reuse</source>
        <translation>Prochaine réutilisation en place</translation>
    </message>
    <message>
        <source>Next refused reuse</source>
        <translation>Prochaine réutilisation refusée</translation>
    </message>
    <message>
        <source>Next allocation from the last block</source>
        <translation>Prochaine allocation depuis le dernier bloc</translation>
    </message>
    <message>
        <source>Next failure</source>
        <translation>Prochain échec</translation>
    </message>
    <message>
        <source>Next split</source>
        <translation>Split suivant</translation>
    </message>
    <message>
        <source>inplace reuse</source>
        <translation>réutilisation en place</translation>
    </message>
    <message>
        <source>refused reuse</source>
        <translation>réutilisation refusée</translation>
    </message>
    <message>
        <source>allocation from the last block</source>
        <translation>allocation depuis le dernier bloc</translation>
    </message>
    <message>
        <source>failure</source>
        <translation>échec</translation>
    </message>
    <message>
        <source>start of a split</source>
        <translation>début d’un split</translation>
    </message>
    <message>
        <source>Breakpoint at step %1: tensor %2</source>
        <translation>Point d’arrêt à l’étape %1 : tenseur %2</translation>
    </message>
    <message>
        <source>Breakpoint at step %1: %2</source>
        <translation>Point d’arrêt à l’étape %1 : %2</translation>
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
    <message>
        <source>llama.cpp prints: %1</source>
        <translation>llama.cpp affiche : %1</translation>
    </message>
    <message>
        <source>llama.cpp</source>
        <translation>llama.cpp</translation>
    </message>
    <message>
        <source>%1 (prompt graph)</source>
        <translation>%1 (graphe du prompt)</translation>
    </message>
    <message>
        <source>llama.cpp reserves: %1 (worst-case graph)
prompt graph: %2</source>
        <translation>llama.cpp réserve : %1 (graphe du pire cas)
graphe du prompt : %2</translation>
    </message>
    <message>
        <source>llama.cpp reserves: not planned (%1)
prompt graph: %2</source>
        <translation>llama.cpp réserve : non planifié (%1)
graphe du prompt : %2</translation>
    </message>
    <message>
        <source>prompt graph: %1 (llama.cpp reserves with its worst-case graph)</source>
        <translation>graphe du prompt : %1 (llama.cpp réserve avec son graphe du pire cas)</translation>
    </message>
    <message>
        <source>llama.cpp da46e59c reserves: %1 (after its prompt, one-token and prompt graphs)
this prompt graph alone: %2</source>
        <translation>llama.cpp da46e59c réserve : %1 (après ses graphes de prompt, à un jeton et de prompt)
ce graphe de prompt seul : %2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::BufferView</name>
    <message>
        <source>tensor %1</source>
        <translation>tenseur %1</translation>
    </message>
    <message>
        <source>%1 at offset %2, %3</source>
        <translation>%1 au décalage %2, %3</translation>
    </message>
    <message>
        <source>Free block</source>
        <translation>Bloc libre</translation>
    </message>
    <message>
        <source>never freed (the free covered only a prefix)</source>
        <translation>jamais libéré (la libération n’a couvert qu’un préfixe)</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>alloué</translation>
    </message>
    <message>
        <source>inplace: reuses the memory of %1</source>
        <translation>en place : réutilise la mémoire de %1</translation>
    </message>
    <message>
        <source>view of %1</source>
        <translation>vue de %1</translation>
    </message>
    <message>
        <source>offset %1, %2</source>
        <translation>décalage %1, %2</translation>
    </message>
    <message>
        <source>No allocation recorded</source>
        <translation>Aucune allocation enregistrée</translation>
    </message>
    <message>
        <source>%1 (%2): pre-allocated, %3</source>
        <translation>%1 (%2) : préalloué, %3</translation>
    </message>
    <message>
        <source>%1 — %2 live, high-water %3</source>
        <translation>%1 — %2 en usage, niveau maximal %3</translation>
    </message>
    <message numerus="yes">
        <source>Pre-allocated — %n buffer(s), %1</source>
        <translation>
            <numerusform>Préalloué — %n tampon, %1</numerusform>
            <numerusform>Préalloué — %n tampons, %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %2, %n tensor(s)</source>
        <translation>
            <numerusform>%1 : %2, %n tenseur</numerusform>
            <numerusform>%1 : %2, %n tenseurs</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2 live</source>
        <translation>%1 — %2 en usage</translation>
    </message>
    <message>
        <source>Pre-allocated — %1</source>
        <translation>Préalloué — %1</translation>
    </message>
    <message>
        <source>Pre-allocated</source>
        <translation>Préalloué</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::BuffersPanel</name>
    <message>
        <source>llama.cpp da46e59c&apos;s memory by buffer type:</source>
        <translation>Mémoire de llama.cpp da46e59c par type de tampon :</translation>
    </message>
    <message>
        <source>What llama_memory_breakdown prints for this model and context, and the output buffer</source>
        <translation>Ce qu&apos;affiche llama_memory_breakdown pour ce modèle et ce contexte, plus le tampon de sortie</translation>
    </message>
</context>
<context>
    <name>planscope::ui::CanvasHint</name>
    <message>
        <source>Got it</source>
        <translation>Compris</translation>
    </message>
    <message>
        <source>&lt;b&gt;Click a tensor&lt;/b&gt; to see where it lives and why (Inspector, Why panel).</source>
        <translation>&lt;b&gt;Cliquez sur un tenseur&lt;/b&gt; pour voir où il se trouve et pourquoi (Inspecteur, panneau Pourquoi).</translation>
    </message>
    <message>
        <source>&lt;b&gt;F10&lt;/b&gt; steps through the allocator&apos;s plan, &lt;b&gt;F5&lt;/b&gt; plays it; &lt;b&gt;Home&lt;/b&gt; / &lt;b&gt;End&lt;/b&gt; go to the first / last step; &lt;b&gt;F9&lt;/b&gt; sets a breakpoint on the selected tensor.</source>
        <translation>&lt;b&gt;F10&lt;/b&gt; parcourt pas à pas le plan de l’allocateur, &lt;b&gt;F5&lt;/b&gt; le lit ; &lt;b&gt;Début&lt;/b&gt; / &lt;b&gt;Fin&lt;/b&gt; vont à la première / dernière étape ; &lt;b&gt;F9&lt;/b&gt; pose un point d’arrêt sur le tenseur sélectionné.</translation>
    </message>
    <message>
        <source>The &lt;b&gt;Peak&lt;/b&gt; tab lists what is live when a compute buffer is fullest.</source>
        <translation>L’onglet &lt;b&gt;Pic&lt;/b&gt; liste ce qui est en usage quand un tampon de calcul est le plus rempli.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Help → Keyboard Shortcuts&lt;/b&gt; lists every key.</source>
        <translation>&lt;b&gt;Aide → Raccourcis clavier&lt;/b&gt; liste toutes les touches.</translation>
    </message>
    <message>
        <source>Getting started</source>
        <translation>Premiers pas</translation>
    </message>
    <message>
        <source>&lt;b&gt;F7&lt;/b&gt; schedules the graph over the backends. A llama model leaves the CPU only for the layers &lt;b&gt;ngl&lt;/b&gt; puts on the second backend (what-if bar, remembered): at 0 it runs in one split. The Splits dock&apos;s &lt;b&gt;Causes&lt;/b&gt; tab says why it splits.</source>
        <translation>&lt;b&gt;F7&lt;/b&gt; répartit le graphe sur les backends. Un modèle llama ne quitte le CPU que pour les couches que &lt;b&gt;ngl&lt;/b&gt; place sur le second backend (barre « et si », mémorisée) : à 0, il s’exécute en un seul split. L’onglet &lt;b&gt;Causes&lt;/b&gt; du panneau Splits dit pourquoi il se divise.</translation>
    </message>
</context>
<context>
    <name>planscope::ui::CapturePanel</name>
    <message>
        <source>Reading %1…</source>
        <translation>Lecture de %1…</translation>
    </message>
    <message>
        <source>Open a capture (.pscap, planscope-cli capture -- COMMAND) to list its records here.</source>
        <translation>Ouvrez une capture (.pscap, planscope-cli capture -- COMMANDE) pour lister ici ses enregistrements.</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n run(s), %2 graph records; record %3 is open (activate another to open it)</source>
        <translation>
            <numerusform>%1 : %n exécution, %2 enregistrements de graphe ; l’enregistrement %3 est ouvert (activez-en un autre pour l’ouvrir)</numerusform>
            <numerusform>%1 : %n exécutions, %2 enregistrements de graphe ; l’enregistrement %3 est ouvert (activez-en un autre pour l’ouvrir)</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
</context>
<context>
    <name>planscope::ui::CaptureRecordModel</name>
    <message>
        <source>Run %1: %2</source>
        <translation>Exécution %1 : %2</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Enregistrement</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Événement</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Nœuds</translation>
    </message>
    <message>
        <source>Splits</source>
        <translation>Splits</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation>Durée réelle</translation>
    </message>
    <message>
        <source>Compute buffers</source>
        <translation>Tampons de calcul</translation>
    </message>
</context>
<context>
    <name>planscope::ui::CompareDialog</name>
    <message>
        <source>&amp;Compare</source>
        <translation>&amp;Comparer</translation>
    </message>
    <message>
        <source>Compare planners — %1</source>
        <translation>Comparer les planificateurs — %1</translation>
    </message>
    <message>
        <source>Planner &amp;A:</source>
        <translation>Planificateur &amp;A :</translation>
    </message>
    <message>
        <source>Planner &amp;B:</source>
        <translation>Planificateur &amp;B :</translation>
    </message>
    <message>
        <source>Cannot plan %1: %2</source>
        <translation>Impossible de planifier %1 : %2</translation>
    </message>
    <message>
        <source>Planning… (best searches up to %1 ms)</source>
        <translation>Planification… (la recherche « best » dure jusqu’à %1 ms)</translation>
    </message>
    <message>
        <source>Planning failed: %1</source>
        <translation>Échec de la planification : %1</translation>
    </message>
    <message>
        <source>Lower bound %1; %2 of %3 tensors moved</source>
        <translation>Borne inférieure %1 ; %2 tenseurs déplacés sur %3</translation>
    </message>
    <message>
        <source>node</source>
        <translation>nœud</translation>
    </message>
    <message>
        <source>live</source>
        <translation>en usage</translation>
    </message>
    <message>
        <source>%1 in use</source>
        <translation>%1 en usage</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DeviceBarsView</name>
    <message>
        <source>weights</source>
        <translation>poids</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>cache KV</translation>
    </message>
    <message>
        <source>compute buffer</source>
        <translation>tampon de calcul</translation>
    </message>
    <message>
        <source>free memory (the limit)</source>
        <translation>mémoire libre (la limite)</translation>
    </message>
    <message>
        <source>free less the margin</source>
        <translation>libre moins la marge</translation>
    </message>
    <message>
        <source>%1 weights: %2</source>
        <translation>%1, poids : %2</translation>
    </message>
    <message>
        <source>%1 KV cache: %2</source>
        <translation>%1, cache KV : %2</translation>
    </message>
    <message>
        <source>%1 compute buffer: %2</source>
        <translation>%1, tampon de calcul : %2</translation>
    </message>
    <message>
        <source>%1: %2 free of %3</source>
        <translation>%1 : %2 libres sur %3</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DeviceChoice</name>
    <message>
        <source>&apos;%1&apos; is not a number</source>
        <translation>« %1 » n’est pas un nombre</translation>
    </message>
    <message>
        <source>%1 is negative</source>
        <translation>%1 est négatif</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DeviceMemoryModel</name>
    <message>
        <source>fits, %1 free</source>
        <translation>tient, %1 libres</translation>
    </message>
    <message>
        <source>within the margin: %1 free, under the %2 margin</source>
        <translation>dans la marge : %1 libres, sous la marge de %2</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>poids</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>cache KV</translation>
    </message>
    <message>
        <source>compute buffer</source>
        <translation>tampon de calcul</translation>
    </message>
    <message>
        <source>over by %1: %2 %3 is the largest share</source>
        <translation>dépasse de %1 : %2 (%3) est la plus grande part</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>tient</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>ne tient pas</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Appareil</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Poids</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Calcul</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Libre</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Verdict</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DeviceSweep</name>
    <message>
        <source>&apos;%1&apos; is not a number</source>
        <translation>« %1 » n’est pas un nombre</translation>
    </message>
    <message>
        <source>%1 is below %2</source>
        <translation>%1 est inférieur à %2</translation>
    </message>
    <message>
        <source>no values</source>
        <translation>aucune valeur</translation>
    </message>
    <message>
        <source>%1-%2 runs backwards</source>
        <translation>%1-%2 va à rebours</translation>
    </message>
    <message>
        <source>more than %1 values</source>
        <translation>plus de %1 valeurs</translation>
    </message>
</context>
<context>
    <name>planscope::ui::DevicesPanel</name>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Retirer</translation>
    </message>
    <message>
        <source>No &amp;KV offload</source>
        <translation>Pas de déchargement &amp;KV</translation>
    </message>
    <message>
        <source>No &amp;op offload</source>
        <translation>Pas de déchargement des &amp;ops</translation>
    </message>
    <message>
        <source>&amp;Find Best</source>
        <translation>Trou&amp;ver le meilleur</translation>
    </message>
    <message>
        <source>&amp;Use It</source>
        <translation>&amp;Utiliser</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Appareils</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>Placement</translation>
    </message>
    <message>
        <source>Most layers on the GPUs (ngl)</source>
        <translation>Le plus de couches sur les GPU (ngl)</translation>
    </message>
    <message>
        <source>Longest context (n_ctx)</source>
        <translation>Contexte le plus long (n_ctx)</translation>
    </message>
    <message>
        <source>Fewest layers&apos; experts on the CPU (n-cpu-moe)</source>
        <translation>Le moins de couches aux experts sur le CPU (n-cpu-moe)</translation>
    </message>
    <message>
        <source>ngl and n-cpu-moe go to the placement; a context re-plans the model</source>
        <translation>ngl et n-cpu-moe vont dans le placement ; un contexte replanifie le modèle</translation>
    </message>
    <message>
        <source>S&amp;earch:</source>
        <translation>Recherc&amp;he :</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Ajouter</translation>
    </message>
    <message>
        <source>Load &amp;Profile…</source>
        <translation>Charger un &amp;profil…</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> Mio</translation>
    </message>
    <message>
        <source>F&amp;ree:</source>
        <translation>&amp;Libre :</translation>
    </message>
    <message>
        <source>&amp;Total:</source>
        <translation>&amp;Total :</translation>
    </message>
    <message>
        <source>all</source>
        <translation>toutes</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s -ngl: the last N repeating layers and the output on the GPUs</source>
        <translation>-ngl de llama.cpp : les N dernières couches répétées et la sortie sur les GPU</translation>
    </message>
    <message>
        <source>by free memory</source>
        <translation>selon la mémoire libre</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s --tensor-split: the layers&apos; proportions per GPU, e.g. 3,1</source>
        <translation>--tensor-split de llama.cpp : la part des couches par GPU, p. ex. 3,1</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s --n-cpu-moe: the experts of the first N layers stay on the CPU</source>
        <translation>--n-cpu-moe de llama.cpp : les experts des N premières couches restent sur le CPU</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s --no-kv-offload: the KV cache in host memory</source>
        <translation>--no-kv-offload de llama.cpp : le cache KV en mémoire hôte</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s --no-op-offload: large-batch ops on host weights stay on the CPU</source>
        <translation>--no-op-offload de llama.cpp : les ops à grand lot sur des poids en mémoire hôte restent sur le CPU</translation>
    </message>
    <message>
        <source>Memory each device keeps free (llama.cpp&apos;s --fit-target)</source>
        <translation>Mémoire que chaque appareil garde libre (--fit-target de llama.cpp)</translation>
    </message>
    <message>
        <source>&amp;Layers on GPUs:</source>
        <translation>&amp;Couches sur les GPU :</translation>
    </message>
    <message>
        <source>Tensor &amp;split:</source>
        <translation>Ré&amp;partition des tenseurs :</translation>
    </message>
    <message>
        <source>E&amp;xperts on CPU:</source>
        <translation>E&amp;xperts sur le CPU :</translation>
    </message>
    <message>
        <source>&amp;Margin:</source>
        <translation>&amp;Marge :</translation>
    </message>
    <message>
        <source>Cannot Load Device Profile</source>
        <translation>Impossible de charger le profil d’appareil</translation>
    </message>
    <message>
        <source>%1

The devices are kept.</source>
        <translation>%1

Les appareils sont conservés.</translation>
    </message>
    <message>
        <source>%1 free of %2</source>
        <translation>%1 libres sur %2</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1 : %2 (%3)</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>cette machine</translation>
    </message>
    <message>
        <source>Host: %1 (%2)</source>
        <translation>Hôte : %1 (%2)</translation>
    </message>
    <message>
        <source>Load Device Profile</source>
        <translation>Charger un profil d’appareil</translation>
    </message>
    <message>
        <source>Device profiles (*.json);;All files (*)</source>
        <translation>Profils d’appareil (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Open a .gguf model to fit it to devices.</source>
        <translation>Ouvrez un modèle .gguf pour le placer sur des appareils.</translation>
    </message>
    <message>
        <source>n_ctx %1, n_batch %2, n_ubatch %3, flash attention %4; %5 of %6 layers on the GPUs</source>
        <translation>n_ctx %1, n_batch %2, n_ubatch %3, flash attention %4 ; %5 couches sur %6 sur les GPU</translation>
    </message>
    <message>
        <source>on</source>
        <translation>activée</translation>
    </message>
    <message>
        <source>off</source>
        <translation>désactivée</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Recherche…</translation>
    </message>
    <message numerus="yes">
        <source>Best %1: %2 (%n plan(s))</source>
        <translation>
            <numerusform>Meilleur %1 : %2 (%n plan)</numerusform>
            <numerusform>Meilleur %1 : %2 (%n plans)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Nothing in range fits (%n plan(s))</source>
        <translation>
            <numerusform>Rien ne tient dans la plage (%n plan)</numerusform>
            <numerusform>Rien ne tient dans la plage (%n plans)</numerusform>
        </translation>
    </message>
    <message>
        <source>Bars</source>
        <translation>Barres</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tableau</translation>
    </message>
    <message>
        <source>Build the document on these devices and placement and split it over them as llama.cpp would: replay, step and export it (nothing runs)</source>
        <translation>Construire le document pour ces appareils et ce placement et le répartir sur eux comme llama.cpp : le rejouer, le parcourir pas à pas et l’exporter (rien ne s’exécute)</translation>
    </message>
    <message>
        <source>Build the document for this machine again, to run it</source>
        <translation>Reconstruire le document pour cette machine, pour l’exécuter</translation>
    </message>
    <message>
        <source>The document is planned for this machine.</source>
        <translation>Le document est planifié pour cette machine.</translation>
    </message>
    <message>
        <source>The document is planned on %1 (the Splits dock shows the split).</source>
        <translation>Le document est planifié sur %1 (le dock Splits montre la répartition).</translation>
    </message>
    <message>
        <source>Pla&amp;n on These Devices</source>
        <translation>Pla&amp;nifier sur ces appareils</translation>
    </message>
    <message>
        <source>Plan on This Mac&amp;hine</source>
        <translation>Planifier sur cette mac&amp;hine</translation>
    </message>
    <message>
        <source>This Machine&apos;s &amp;OpenCL Device</source>
        <translation>Appareil &amp;OpenCL de cette machine</translation>
    </message>
    <message>
        <source>This Machine&apos;s &amp;CPU as the Host</source>
        <translation>&amp;CPU de cette machine comme hôte</translation>
    </message>
    <message>
        <source>RPC Servers of the Schedule</source>
        <translation>Serveurs RPC de l’ordonnancement</translation>
    </message>
</context>
<context>
    <name>planscope::ui::EdgeText</name>
    <message numerus="yes">
        <source>%n edge(s), the first %1 → %2</source>
        <translation>
            <numerusform>%n arête, la première %1 → %2</numerusform>
            <numerusform>%n arêtes, la première %1 → %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, read outside the block</source>
        <translation>%1, lu hors du bloc</translation>
    </message>
    <message>
        <source>src%1 of %2: %3</source>
        <translation>src%1 de %2 : %3</translation>
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
    <message>
        <source>Detail</source>
        <translation>Détail</translation>
    </message>
</context>
<context>
    <name>planscope::ui::EventLogPanel</name>
    <message>
        <source>All events</source>
        <translation>Tous les événements</translation>
    </message>
    <message>
        <source>Filter events…</source>
        <translation>Filtrer les événements…</translation>
    </message>
</context>
<context>
    <name>planscope::ui::EventText</name>
    <message>
        <source>buffer %1</source>
        <translation>tampon %1</translation>
    </message>
    <message>
        <source>failed (%1): %2 does not fit in %3, it needs %4 bytes and the largest free block has %5</source>
        <translation>échec (%1) : %2 ne tient pas dans %3, il lui faut %4 octets et le plus grand bloc libre en a %5</translation>
    </message>
    <message>
        <source>failed (%1): freeing %2 (%3 bytes) in %4 would need more than %5 free blocks</source>
        <translation>échec (%1) : libérer %2 (%3 octets) dans %4 demanderait plus de %5 blocs libres</translation>
    </message>
    <message>
        <source>failed (%1): %2</source>
        <translation>échec (%1) : %2</translation>
    </message>
    <message>
        <source>new block</source>
        <translation>nouveau bloc</translation>
    </message>
    <message>
        <source>merged with previous</source>
        <translation>fusionné avec le précédent</translation>
    </message>
    <message>
        <source>merged with next</source>
        <translation>fusionné avec le suivant</translation>
    </message>
    <message>
        <source>merged with both</source>
        <translation>fusionné avec les deux</translation>
    </message>
    <message>
        <source>external</source>
        <translation>externe</translation>
    </message>
    <message>
        <source>other children</source>
        <translation>autres enfants</translation>
    </message>
    <message>
        <source>has views</source>
        <translation>a des vues</translation>
    </message>
    <message>
        <source>layout differs</source>
        <translation>disposition différente</translation>
    </message>
    <message>
        <source>view source shared</source>
        <translation>source de vue partagée</translation>
    </message>
    <message>
        <source>view offset not 0</source>
        <translation>décalage de vue non nul</translation>
    </message>
    <message>
        <source>out of space</source>
        <translation>plus de place</translation>
    </message>
    <message>
        <source>too many free blocks</source>
        <translation>trop de blocs libres</translation>
    </message>
    <message>
        <source>invalid graph</source>
        <translation>graphe invalide</translation>
    </message>
    <message numerus="yes">
        <source>%1 (measure): alignment %2, %n free block(s)</source>
        <translation>
            <numerusform>%1 (mesure) : alignement %2, %n bloc libre</numerusform>
            <numerusform>%1 (mesure) : alignement %2, %n blocs libres</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: alignment %2, %n free block(s)</source>
        <translation>
            <numerusform>%1 : alignement %2, %n bloc libre</numerusform>
            <numerusform>%1 : alignement %2, %n blocs libres</numerusform>
        </translation>
    </message>
    <message>
        <source>alloc %1: %2 bytes at %3 from block %4 of %5 (the last block)</source>
        <translation>allocation de %1 : %2 octets à %3 depuis le bloc %4 sur %5 (le dernier bloc)</translation>
    </message>
    <message>
        <source>alloc %1: %2 bytes at %3 from block %4 of %5</source>
        <translation>allocation de %1 : %2 octets à %3 depuis le bloc %4 sur %5</translation>
    </message>
    <message>
        <source>free %1: %2 bytes at %3, %4 → %5</source>
        <translation>libération de %1 : %2 octets à %3, %4 → %5</translation>
    </message>
    <message>
        <source>reset %1 → %2</source>
        <translation>réinitialisation de %1 → %2</translation>
    </message>
    <message>
        <source>node %1 %2 (%3)</source>
        <translation>nœud %1 %2 (%3)</translation>
    </message>
    <message>
        <source>barrier at parse_seq[%1]</source>
        <translation>barrière à parse_seq[%1]</translation>
    </message>
    <message>
        <source>view %1 of %2 at %3 (pre-allocated source)</source>
        <translation>vue %1 de %2 à %3 (source préallouée)</translation>
    </message>
    <message>
        <source>view %1 of %2 at %3</source>
        <translation>vue %1 de %2 à %3</translation>
    </message>
    <message>
        <source>inplace %1 reuses %2 at %3</source>
        <translation>en place : %1 réutilise %2 à %3</translation>
    </message>
    <message>
        <source>not reusing %1 for %2: %3</source>
        <translation>pas de réutilisation de %1 pour %2 : %3</translation>
    </message>
    <message>
        <source>max_size of %1: %2 bytes</source>
        <translation>max_size de %1 : %2 octets</translation>
    </message>
    <message>
        <source>output</source>
        <translation>sortie</translation>
    </message>
    <message>
        <source>view, not own</source>
        <translation>vue, non propre</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ExportController</name>
    <message>
        <source>An export is still running.</source>
        <translation>Une exportation est encore en cours.</translation>
    </message>
    <message>
        <source>Choose a file to export to.</source>
        <translation>Choisissez un fichier de destination.</translation>
    </message>
    <message>
        <source>%1 is not written as %2.</source>
        <translation>%1 ne s’exporte pas au format %2.</translation>
    </message>
    <message>
        <source>There are no buffer views to export.</source>
        <translation>Il n’y a aucune vue de tampon à exporter.</translation>
    </message>
    <message>
        <source>%1: there is nothing to draw.</source>
        <translation>%1 : il n’y a rien à dessiner.</translation>
    </message>
    <message>
        <source>a host CPU profile with compute_tflops (Devices dock: Add &gt; Load Profile…) gives the CPU&apos;s peak</source>
        <translation>un profil de CPU hôte avec compute_tflops (dock Appareils : Ajouter &gt; Charger un profil…) donne la crête du CPU</translation>
    </message>
    <message>
        <source>A capture&apos;s execution trace would run the graph, and a capture holds no tensor data: export its plan or split diagram.</source>
        <translation>La trace d’exécution d’une capture exécuterait le graphe, et une capture ne contient aucune donnée de tenseur : exportez son plan ou son diagramme de splits.</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
    <message>
        <source>None (one split on the compute buffer&apos;s backend)</source>
        <translation>Aucun (un seul split sur le backend du tampon de calcul)</translation>
    </message>
    <message>
        <source>Split the graph with the scheduler on these backends, as planscope-cli --backends</source>
        <translation>Découper le graphe avec l’ordonnanceur sur ces backends, comme planscope-cli --backends</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>&amp;What:</source>
        <translation>&amp;Quoi :</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format :</translation>
    </message>
    <message>
        <source>&amp;Backends:</source>
        <translation>&amp;Backends :</translation>
    </message>
    <message>
        <source>&amp;Output file:</source>
        <translation>Fichier de &amp;sortie :</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>Fichiers %1 (*.%2)</translation>
    </message>
    <message>
        <source>Export To</source>
        <translation>Exporter vers</translation>
    </message>
    <message>
        <source>%1 (ggml&apos;s allocator, default)</source>
        <translation>%1 (allocateur de ggml, par défaut)</translation>
    </message>
    <message>
        <source>Whose offsets the export shows, as planscope-cli --planner</source>
        <translation>Les décalages de quel planificateur l’export montre, comme planscope-cli --planner</translation>
    </message>
    <message>
        <source>&amp;Planner:</source>
        <translation>&amp;Planificateur :</translation>
    </message>
    <message>
        <source>Fold repeated blocks into boxes, as the canvas</source>
        <translation>Replier les blocs répétés en boîtes, comme le canevas</translation>
    </message>
</context>
<context>
    <name>planscope::ui::FileController</name>
    <message>
        <source>Graphs, models and ggml DOT dumps (*.json *.gguf *.dot)</source>
        <translation>Graphes, modèles et exports DOT de ggml (*.json *.gguf *.dot)</translation>
    </message>
    <message>
        <source>Graph files (*.json)</source>
        <translation>Fichiers de graphe (*.json)</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>Modèles GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>ggml DOT dumps (*.dot)</source>
        <translation>Exports DOT de ggml (*.dot)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Open Graph</source>
        <translation>Ouvrir un graphe</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>Ouvrir %1</translation>
    </message>
    <message numerus="yes">
        <source>%n import warning(s)</source>
        <translation>
            <numerusform>%n avertissement d’importation</numerusform>
            <numerusform>%n avertissements d’importation</numerusform>
        </translation>
    </message>
    <message>
        <source>What %1 lacked and the import inferred</source>
        <translation>Ce qui manquait à %1 et ce que l’importation a déduit</translation>
    </message>
    <message numerus="yes">
        <source>%1 imported with %n warning(s)</source>
        <translation>
            <numerusform>%1 importé avec %n avertissement</numerusform>
            <numerusform>%1 importé avec %n avertissements</numerusform>
        </translation>
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
    <message numerus="yes">
        <source>Laying out %n unit(s), %1 block(s) open…</source>
        <translation>
            <numerusform>Disposition de %n unité (blocs ouverts : %1)…</numerusform>
            <numerusform>Disposition de %n unités (blocs ouverts : %1)…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot lay out the graph: %1</source>
        <translation>Impossible de disposer le graphe : %1</translation>
    </message>
</context>
<context>
    <name>planscope::ui::GuardedApplication</name>
    <message>
        <source>out of memory</source>
        <translation>mémoire insuffisante</translation>
    </message>
    <message>
        <source>unexpected failure</source>
        <translation>échec inattendu</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ImportWarningsDialog</name>
    <message>
        <source>Import Warnings</source>
        <translation>Avertissements d’importation</translation>
    </message>
    <message>
        <source>%1 does not record everything a graph needs; the import inferred this:</source>
        <translation>%1 n’enregistre pas tout ce dont un graphe a besoin ; l’importation a déduit ceci :</translation>
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
    <message>
        <source>%1: allocated at step %2 by node %3, freed at step %4 by node %5</source>
        <translation>%1 : alloué à l’étape %2 par le nœud %3, libéré à l’étape %4 par le nœud %5</translation>
    </message>
    <message>
        <source>%1: allocated at step %2 by node %3, never freed</source>
        <translation>%1 : alloué à l’étape %2 par le nœud %3, jamais libéré</translation>
    </message>
    <message>
        <source>%1: pre-allocated at step %2, freed at step %3 by node %4</source>
        <translation>%1 : préalloué à l’étape %2, libéré à l’étape %3 par le nœud %4</translation>
    </message>
    <message>
        <source>%1: pre-allocated at step %2, never freed</source>
        <translation>%1 : préalloué à l’étape %2, jamais libéré</translation>
    </message>
    <message>
        <source>not in a compute buffer: placed in %1</source>
        <translation>hors des tampons de calcul : placé dans %1</translation>
    </message>
    <message>
        <source>not allocated in this plan</source>
        <translation>non alloué dans ce plan</translation>
    </message>
    <message>
        <source>Lifetime:</source>
        <translation>Durée de vie :</translation>
    </message>
    <message>
        <source>Readers:</source>
        <translation>Lecteurs :</translation>
    </message>
    <message>
        <source>Backend:</source>
        <translation>Backend :</translation>
    </message>
    <message>
        <source>Scheduler cause:</source>
        <translation>Cause de l’ordonnanceur :</translation>
    </message>
    <message>
        <source>lives in %1&apos;s memory: %2</source>
        <translation>vit dans la mémoire de %1 : %2</translation>
    </message>
    <message>
        <source>not planned yet</source>
        <translation>pas encore planifié</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>étape %1</translation>
    </message>
    <message>
        <source>did not run</source>
        <translation>non exécuté</translation>
    </message>
    <message>
        <source>through %1</source>
        <translation>via %1</translation>
    </message>
    <message>
        <source>%1, through %2</source>
        <translation>%1, via %2</translation>
    </message>
</context>
<context>
    <name>planscope::ui::LayoutProcess</name>
    <message>
        <source>cannot start the layout process %1: %2</source>
        <translation>impossible de démarrer le processus de disposition %1 : %2</translation>
    </message>
    <message>
        <source>the layout process ended unexpectedly</source>
        <translation>le processus de disposition s’est terminé de manière inattendue</translation>
    </message>
</context>
<context>
    <name>planscope::ui::LiveTensorModel</name>
    <message>
        <source>never</source>
        <translation>jamais</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>étape %1</translation>
    </message>
    <message>
        <source>%1 · before the graph</source>
        <translation>%1 · avant le graphe</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>nothing: freed at step %1 (a parse_seq barrier)</source>
        <translation>rien : libéré à l’étape %1 (une barrière parse_seq)</translation>
    </message>
    <message>
        <source>nothing reads it: a graph output, never freed</source>
        <translation>personne ne le lit : une sortie du graphe, jamais libérée</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1: %2 at offset %3</source>
        <translation>%1 : %2 au décalage %3</translation>
    </message>
    <message>
        <source>Also in this memory: %1</source>
        <translation>Aussi dans cette mémoire : %1</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tenseur</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>Opération</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Octets</translation>
    </message>
    <message>
        <source>Of the buffer</source>
        <translation>Part du tampon</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>Alloué</translation>
    </message>
    <message>
        <source>Freed</source>
        <translation>Libéré</translation>
    </message>
    <message>
        <source>Waiting for</source>
        <translation>En attente de</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n nœud</numerusform>
            <numerusform>%n nœuds</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s), to the end</source>
        <translation>
            <numerusform>%n nœud, jusqu’à la fin</numerusform>
            <numerusform>%n nœuds, jusqu’à la fin</numerusform>
        </translation>
    </message>
    <message>
        <source>Lives</source>
        <translation>Vit</translation>
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
        <translation>Total</translation>
    </message>
    <message>
        <source>Buffer type</source>
        <translation>Type de tampon</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Context (KV)</source>
        <translation>Contexte (KV)</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Calcul</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Sortie</translation>
    </message>
    <message>
        <source>The weights (the mapped file: CPU_Mapped)</source>
        <translation>Les poids (le fichier projeté : CPU_Mapped)</translation>
    </message>
    <message>
        <source>The KV cache (llama_memory)</source>
        <translation>Le cache KV (llama_memory)</translation>
    </message>
    <message>
        <source>The compute buffer the scheduler reserved (prompt, one-token and prompt graphs)</source>
        <translation>Le tampon de calcul réservé par l&apos;ordonnanceur (graphes du prompt, d&apos;un jeton et du prompt)</translation>
    </message>
    <message>
        <source>The logits buffer (output_reserve): not in llama_memory_breakdown</source>
        <translation>Le tampon des logits (output_reserve) : absent de llama_memory_breakdown</translation>
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
        <source>Zoom to &amp;Fit</source>
        <translation>Ajuster à la &amp;fenêtre</translation>
    </message>
    <message>
        <source>&amp;Find Tensor…</source>
        <translation>Rec&amp;hercher un tenseur…</translation>
    </message>
    <message>
        <source>Splits</source>
        <translation>Splits</translation>
    </message>
    <message>
        <source>Not re-planned: %1</source>
        <translation>Non replanifié : %1</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Fichiers &amp;récents</translation>
    </message>
    <message>
        <source>&amp;Model Options…</source>
        <translation>&amp;Options du modèle…</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Paramètres…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>E&amp;xporter</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exporter…</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Exportation…</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exporté</translation>
    </message>
    <message>
        <source>Cannot Export</source>
        <translation>Impossible d’exporter</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Pourquoi</translation>
    </message>
    <message>
        <source>Buffer Layout</source>
        <translation>Disposition du tampon</translation>
    </message>
    <message>
        <source>Memory Timeline</source>
        <translation>Chronologie de la mémoire</translation>
    </message>
    <message>
        <source>&amp;Compare Planners…</source>
        <translation>&amp;Comparer les planificateurs…</translation>
    </message>
    <message>
        <source>Planning %p%</source>
        <translation>Planification %p%</translation>
    </message>
    <message numerus="yes">
        <source>Stepping through the scheduled allocation: %n split(s), %1 steps</source>
        <translation>
            <numerusform>Pas à pas dans l’allocation planifiée : %n split, %1 étapes</numerusform>
            <numerusform>Pas à pas dans l’allocation planifiée : %n splits, %1 étapes</numerusform>
        </translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Graphe</translation>
    </message>
    <message>
        <source>Split Overview</source>
        <translation>Vue d’ensemble des splits</translation>
    </message>
    <message>
        <source>Schedule the graph (F7) first</source>
        <translation>Ordonnancez d’abord le graphe (F7)</translation>
    </message>
    <message>
        <source>The schedule&apos;s splits in order, folded by repeated block</source>
        <translation>Les splits de l’ordonnancement dans l’ordre, repliés par bloc répété</translation>
    </message>
    <message>
        <source>Fold &amp;Repeated Blocks</source>
        <translation>Re&amp;plier les blocs répétés</translation>
    </message>
    <message>
        <source>Show repeated blocks (layers) as boxes; a click opens or closes one</source>
        <translation>Afficher les blocs répétés (couches) sous forme de boîtes ; un clic en ouvre ou en ferme un</translation>
    </message>
    <message>
        <source>C&amp;lose All Blocks</source>
        <translation>F&amp;ermer tous les blocs</translation>
    </message>
    <message>
        <source>Op&amp;en All Blocks</source>
        <translation>&amp;Ouvrir tous les blocs</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Raccourcis clavier</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>Pic</translation>
    </message>
    <message>
        <source>Compute buffer %1</source>
        <translation>Tampon de calcul %1</translation>
    </message>
    <message>
        <source>The compute buffer, as before the last what-if</source>
        <translation>Le tampon de calcul, inchangé depuis le dernier « Et si »</translation>
    </message>
    <message>
        <source>The compute buffer of this plan</source>
        <translation>Le tampon de calcul de ce plan</translation>
    </message>
    <message>
        <source>Compute buffer %1 → %2 (%3)</source>
        <translation>Tampon de calcul %1 → %2 (%3)</translation>
    </message>
    <message>
        <source>The compute buffer before the last what-if and now</source>
        <translation>Le tampon de calcul avant le dernier « Et si », et maintenant</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Modèle</translation>
    </message>
    <message>
        <source>Compute Buffer &amp;Sweep…</source>
        <translation>&amp;Balayage du tampon de calcul…</translation>
    </message>
    <message>
        <source>Unexpected Error</source>
        <translation>Erreur inattendue</translation>
    </message>
    <message>
        <source>&amp;Allocator</source>
        <translation>&amp;Allocateur</translation>
    </message>
    <message>
        <source>ggml 202&amp;3</source>
        <translation>ggml 202&amp;3</translation>
    </message>
    <message>
        <source>Plan as the ggml-alloc of late 2023 does (the seeds)</source>
        <translation>Planifier comme le ggml-alloc de fin 2023 (les sources de référence)</translation>
    </message>
    <message>
        <source>ggml 202&amp;6</source>
        <translation>ggml 202&amp;6</translation>
    </message>
    <message>
        <source>Plan as ggml_gallocr of 2026 does: leafs and inputs first, outputs kept, no in-place over views</source>
        <translation>Planifier comme ggml_gallocr de 2026 : feuilles et entrées d’abord, sorties conservées, pas de réutilisation sur place d’une vue</translation>
    </message>
    <message>
        <source>&amp;Maximum Buffer Size…</source>
        <translation>Taille &amp;maximale des tampons…</translation>
    </message>
    <message>
        <source>The buffer type&apos;s largest buffer: ggml 2026 plans a larger one as chunks</source>
        <translation>Le plus grand tampon du type de tampon : ggml 2026 en planifie un plus grand en morceaux</translation>
    </message>
    <message>
        <source>Maximum Buffer Size</source>
        <translation>Taille maximale des tampons</translation>
    </message>
    <message>
        <source>Largest buffer of the buffer type, in MiB (0: no maximum):</source>
        <translation>Plus grand tampon du type de tampon, en Mio (0 : aucun maximum) :</translation>
    </message>
    <message>
        <source>Compare &amp;ggml Versions…</source>
        <translation>Comparer les versions de &amp;ggml…</translation>
    </message>
    <message>
        <source>The tensors that ggml 2023 and ggml 2026 place differently, and why</source>
        <translation>Les tenseurs que ggml 2023 et ggml 2026 placent différemment, et pourquoi</translation>
    </message>
    <message>
        <source>%1

%2 is open instead.</source>
        <translation>%1

%2 est ouvert à la place.</translation>
    </message>
    <message>
        <source>Compute buffers %1</source>
        <translation>Tampons de calcul %1</translation>
    </message>
    <message>
        <source>View &gt; Allocator: the ggml whose allocator and scheduler plan, schedule and run this document</source>
        <translation>Affichage &gt; Allocateur : le ggml dont l’allocateur et l’ordonnanceur planifient, répartissent et exécutent ce document</translation>
    </message>
    <message>
        <source>Planned by %1</source>
        <translation>Planifié par %1</translation>
    </message>
    <message>
        <source>Planned by %1, buffers of %2 at most</source>
        <translation>Planifié par %1, tampons de %2 au plus</translation>
    </message>
    <message>
        <source>llama.cpp: model %1, KV %2, compute %3</source>
        <translation>llama.cpp : modèle %1, KV %2, calcul %3</translation>
    </message>
    <message>
        <source>What llama.cpp da46e59c&apos;s context holds (llama_memory_breakdown): %1 in all; the Buffers dock lists it by buffer type</source>
        <translation>Ce que contient le contexte de llama.cpp da46e59c (llama_memory_breakdown) : %1 au total ; le dock Tampons le détaille par type de tampon</translation>
    </message>
    <message>
        <source>How the compute buffer grows with n_batch, n_ubatch (ggml 2026) or n_ctx</source>
        <translation>Comment le tampon de calcul croît avec n_batch, n_ubatch (ggml 2026) ou n_ctx</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Appareils</translation>
    </message>
    <message>
        <source>Fit to &amp;Devices</source>
        <translation>Placer sur des &amp;appareils</translation>
    </message>
    <message>
        <source>Will the model fit these GPUs? llama.cpp&apos;s memory per device against each one&apos;s free memory</source>
        <translation>Le modèle tient-il sur ces GPU ? La mémoire de llama.cpp par appareil face à la mémoire libre de chacun</translation>
    </message>
    <message>
        <source>Capture</source>
        <translation>Capture</translation>
    </message>
</context>
<context>
    <name>planscope::ui::MemoryTimeline</name>
    <message>
        <source>event</source>
        <translation>événement</translation>
    </message>
    <message>
        <source>%1 live</source>
        <translation>%1 en usage</translation>
    </message>
    <message>
        <source>%1 high-water</source>
        <translation>niveau maximal %1</translation>
    </message>
    <message>
        <source>No allocation recorded</source>
        <translation>Aucune allocation enregistrée</translation>
    </message>
    <message>
        <source>peak %1</source>
        <translation>pic %1</translation>
    </message>
    <message>
        <source>lower bound %1</source>
        <translation>borne inférieure %1</translation>
    </message>
    <message>
        <source>%1 (+%2%)</source>
        <translation>%1 (+%2%)</translation>
    </message>
    <message>
        <source>fragmentation</source>
        <translation>fragmentation</translation>
    </message>
    <message>
        <source>tensor %1</source>
        <translation>tenseur %1</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>Étape %1</translation>
    </message>
    <message>
        <source>%1: %2 live, high-water %3</source>
        <translation>%1 : %2 en usage, niveau maximal %3</translation>
    </message>
    <message>
        <source>allocated at step %1, freed at step %2</source>
        <translation>alloué à l’étape %1, libéré à l’étape %2</translation>
    </message>
    <message>
        <source>allocated at step %1, never freed</source>
        <translation>alloué à l’étape %1, jamais libéré</translation>
    </message>
    <message>
        <source>%1 (%2, %3): %4</source>
        <translation>%1 (%2, %3) : %4</translation>
    </message>
    <message>
        <source>also in its memory: %1</source>
        <translation>aussi dans sa mémoire : %1</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ModelOptionsDialog</name>
    <message>
        <source>Model Options</source>
        <translation>Options du modèle</translation>
    </message>
    <message>
        <source>e.g. 1,403,407,261,378</source>
        <translation>p. ex. 1,403,407,261,378</translation>
    </message>
    <message>
        <source>The prompt&apos;s token ids, comma-separated (--tokens). No BOS is added: start with 1 for llama&apos;s &lt;s&gt;.</source>
        <translation>Les identifiants de jetons du prompt, séparés par des virgules (--tokens). Aucun BOS n’est ajouté : commencez par 1 pour le &lt;s&gt; de llama.</translation>
    </message>
    <message>
        <source>Prompt token ids:</source>
        <translation>Identifiants de jetons du prompt :</translation>
    </message>
    <message>
        <source>Context (KV cache cells, --ctx):</source>
        <translation>Contexte (cellules du cache KV, --ctx) :</translation>
    </message>
    <message>
        <source>Tokens in the batch (--batch):</source>
        <translation>Jetons dans le lot (--batch) :</translation>
    </message>
    <message>
        <source>Cells already filled (--n-past):</source>
        <translation>Cellules déjà remplies (--n-past) :</translation>
    </message>
    <message>
        <source>Offloaded layers (--ngl):</source>
        <translation>Couches déportées (--ngl) :</translation>
    </message>
    <message>
        <source>Prompt: %1</source>
        <translation>Prompt : %1</translation>
    </message>
    <message>
        <source>Worst case (--worst-case)</source>
        <translation>Pire cas (--worst-case)</translation>
    </message>
    <message>
        <source>The graph llama.cpp sized its compute buffer with: the KV cache full (n_past = n_ctx - n_batch) and the K-shift of every layer. The prompt still runs from cell 0.</source>
        <translation>Le graphe avec lequel llama.cpp dimensionnait son tampon de calcul : le cache KV plein (n_past = n_ctx - n_batch) et le décalage K de chaque couche. Le prompt s&apos;exécute toujours à partir de la cellule 0.</translation>
    </message>
    <message>
        <source>as the batch</source>
        <translation>comme le batch</translation>
    </message>
    <message>
        <source>Tokens in a ubatch (--ubatch):</source>
        <translation>Jetons d’un ubatch (--ubatch) :</translation>
    </message>
    <message>
        <source>Sequences (--seqs):</source>
        <translation>Séquences (--seqs) :</translation>
    </message>
    <message>
        <source>Flash attention (--flash-attn):</source>
        <translation>Flash attention (--flash-attn) :</translation>
    </message>
    <message>
        <source>K cache type (--kv-type-k):</source>
        <translation>Type du cache K (--kv-type-k) :</translation>
    </message>
    <message>
        <source>V cache type (--kv-type-v):</source>
        <translation>Type du cache V (--kv-type-v) :</translation>
    </message>
    <message>
        <source>Tokens in the graph llama.cpp reserves its compute buffer with, n_ubatch</source>
        <translation>Jetons du graphe avec lequel llama.cpp réserve son tampon de calcul, n_ubatch</translation>
    </message>
    <message>
        <source>Sequences the context holds, n_seq_max (1 to 256)</source>
        <translation>Séquences que le contexte contient, n_seq_max (1 à 256)</translation>
    </message>
    <message>
        <source>FLASH_ATTN_EXT in every layer; auto is on, as on the CPU</source>
        <translation>FLASH_ATTN_EXT dans chaque couche ; auto vaut on, comme sur le CPU</translation>
    </message>
    <message>
        <source>The K and V caches&apos; one type (--kv-type)</source>
        <translation>Le type unique des caches K et V (--kv-type)</translation>
    </message>
    <message>
        <source>The K cache&apos;s type</source>
        <translation>Le type du cache K</translation>
    </message>
    <message>
        <source>The V cache&apos;s type; a quantized one needs flash attention</source>
        <translation>Le type du cache V ; un type quantifié nécessite la flash attention</translation>
    </message>
    <message>
        <source>Layers i &gt;= n_layer - ngl on the second backend</source>
        <translation>Couches i &gt;= n_layer - ngl sur le second backend</translation>
    </message>
    <message>
        <source>Cells of the KV cache filled before these tokens</source>
        <translation>Cellules du cache KV remplies avant ces jetons</translation>
    </message>
    <message>
        <source>The graph llama.cpp da46e59c (ggml 2026) reserves its compute buffer with.</source>
        <translation>Le graphe avec lequel llama.cpp da46e59c (ggml 2026) réserve son tampon de calcul.</translation>
    </message>
    <message>
        <source>The llama graph of llama.cpp of late 2023 (ggml 2023).</source>
        <translation>Le graphe llama de llama.cpp de fin 2023 (ggml 2023).</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ModelReplanner</name>
    <message>
        <source>Only a model (.gguf) or the llama template can be re-planned.</source>
        <translation>Seul un modèle (.gguf) ou le modèle de graphe llama peut être replanifié.</translation>
    </message>
</context>
<context>
    <name>planscope::ui::OffsetDiffModel</name>
    <message>
        <source>%1 puts it at %2, %3 at %4</source>
        <translation>%1 le place à %2, %3 à %4</translation>
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
        <translation>Tenseur</translation>
    </message>
    <message>
        <source>Offset (%1)</source>
        <translation>Décalage (%1)</translation>
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
        <translation>Taille</translation>
    </message>
    <message>
        <source>Moved</source>
        <translation>Déplacé</translation>
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
    <name>planscope::ui::PeakPanel</name>
    <message>
        <source>Go to Step</source>
        <translation>Aller à l’étape</translation>
    </message>
    <message>
        <source>The compute buffer to explain (one per backend after Schedule)</source>
        <translation>Le tampon de calcul à expliquer (un par backend après Ordonnancer)</translation>
    </message>
    <message>
        <source>At its peak</source>
        <translation>À son pic</translation>
    </message>
    <message>
        <source>At the current step</source>
        <translation>À l’étape actuelle</translation>
    </message>
    <message>
        <source>Step the plan to the step shown</source>
        <translation>Amener le plan à l’étape affichée</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Once the graph is planned: what its compute buffer holds at its peak, and why.</source>
        <translation>Une fois le graphe planifié : ce que son tampon de calcul contient à son pic, et pourquoi.</translation>
    </message>
    <message>
        <source>Step %1%2 · high-water mark %3 · live %4 (%5 %) · free under it %6 (%7 %) · %8</source>
        <translation>Étape %1%2 · niveau maximal %3 · en usage %4 (%5 %) · libre en dessous %6 (%7 %) · %8</translation>
    </message>
    <message>
        <source> (node %1)</source>
        <translation> (nœud %1)</translation>
    </message>
    <message>
        <source>prompt graph: %1 (llama.cpp reserves with its worst-case graph)</source>
        <translation>graphe du prompt : %1 (llama.cpp réserve avec son graphe du pire cas)</translation>
    </message>
    <message>
        <source>llama.cpp reserves: %1 (worst-case graph) · prompt graph: %2</source>
        <translation>llama.cpp réserve : %1 (graphe du pire cas) · graphe du prompt : %2</translation>
    </message>
    <message>
        <source>prompt graph: %1 (llama.cpp&apos;s worst-case graph: not planned, %2)</source>
        <translation>graphe du prompt : %1 (graphe du pire cas de llama.cpp : non planifié, %2)</translation>
    </message>
</context>
<context>
    <name>planscope::ui::PlanLayoutView</name>
    <message>
        <source>%1 — peak %2, %3× lower bound, %4 ms</source>
        <translation>%1 — pic %2, %3× la borne inférieure, %4 ms</translation>
    </message>
    <message>
        <source>Not planned yet</source>
        <translation>Pas encore planifié</translation>
    </message>
    <message>
        <source>%1
offset %2, %3
alive from node %4 to %5</source>
        <translation>%1
décalage %2, %3
vivant du nœud %4 au nœud %5</translation>
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
        <translation>Aucun fichier récent</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>&amp;Effacer les fichiers récents</translation>
    </message>
</context>
<context>
    <name>planscope::ui::Screenshot</name>
    <message>
        <source>nothing to render</source>
        <translation>rien à afficher</translation>
    </message>
    <message>
        <source>the graph was not planned</source>
        <translation>le graphe n’a pas été planifié</translation>
    </message>
    <message>
        <source>step %1 is past the plan&apos;s last step, %2</source>
        <translation>l’étape %1 dépasse la dernière étape du plan, %2</translation>
    </message>
    <message>
        <source>scheduling took too long</source>
        <translation>l’ordonnancement a pris trop de temps</translation>
    </message>
    <message>
        <source>re-planning took too long</source>
        <translation>la replanification a pris trop de temps</translation>
    </message>
    <message>
        <source>--show causes needs --schedule</source>
        <translation>--show causes nécessite --schedule</translation>
    </message>
    <message>
        <source>unknown panel &apos;%1&apos; (peak, causes, devices=PROFILE,...)</source>
        <translation>panneau inconnu « %1 » (peak, causes, devices=PROFIL,...)</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ServerDeviceModel</name>
    <message>
        <source>Device 0 of the rpc-server at %1</source>
        <translation>Appareil 0 du rpc-server à %1</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Appareil</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Serveur</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Libre</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>A device index or part of its name; empty: the first GPU, else the first device</source>
        <translation>Un indice de périphérique ou une partie de son nom ; vide : le premier GPU, sinon le premier périphérique</translation>
    </message>
    <message>
        <source>Threads the CPU backend computes with (default: the hardware&apos;s, at most 8)</source>
        <translation>Threads de calcul du backend CPU (par défaut : ceux du matériel, 8 au plus)</translation>
    </message>
    <message>
        <source>OpenCL device:</source>
        <translation>Périphérique OpenCL :</translation>
    </message>
    <message>
        <source>CPU threads:</source>
        <translation>Threads CPU :</translation>
    </message>
    <message>
        <source>(automatic)</source>
        <translation>(automatique)</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s) found</source>
        <translation>
            <numerusform>%n périphérique trouvé</numerusform>
            <numerusform>%n périphériques trouvés</numerusform>
        </translation>
    </message>
    <message>
        <source>OpenCL not available: this build has no OpenCL backend.</source>
        <translation>OpenCL indisponible : cette version n’a pas de backend OpenCL.</translation>
    </message>
    <message>
        <source>Stepping opens the block of the current tensor</source>
        <translation>Le pas à pas ouvre le bloc du tenseur courant</translation>
    </message>
    <message>
        <source> nodes</source>
        <translation> nœuds</translation>
    </message>
    <message>
        <source>Graphs with more nodes open with their repeated blocks (layers) folded into boxes; View &gt; Fold Repeated Blocks switches it for the open graph</source>
        <translation>Les graphes ayant plus de nœuds s’ouvrent avec leurs blocs répétés (couches) repliés en boîtes ; Affichage &gt; Replier les blocs répétés bascule ce mode pour le graphe ouvert</translation>
    </message>
    <message>
        <source>Fold graphs above:</source>
        <translation>Replier les graphes au-delà de :</translation>
    </message>
    <message>
        <source>The language of menus and panels; Planscope uses it when it starts again</source>
        <translation>La langue des menus et des panneaux ; Planscope l’utilise à son prochain démarrage</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Langue :</translation>
    </message>
    <message>
        <source>A new language applies when Planscope starts again.</source>
        <translation>Une nouvelle langue s’applique au prochain démarrage de Planscope.</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ShortcutModel</name>
    <message>
        <source>Other</source>
        <translation>Autres</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Raccourci</translation>
    </message>
</context>
<context>
    <name>planscope::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SplitCauseModel</name>
    <message>
        <source>no backend</source>
        <translation>aucun backend</translation>
    </message>
    <message>
        <source>Splits %1</source>
        <translation>Splits %1</translation>
    </message>
    <message numerus="yes">
        <source>%n split(s) start where the scheduler moved to %1 for this reason; select the row to mark them in the split overview</source>
        <translation>
            <numerusform>%n split commence là où l’ordonnanceur est passé à %1 pour cette raison ; sélectionnez la ligne pour le marquer dans la vue d’ensemble des splits</numerusform>
            <numerusform>%n splits commencent là où l’ordonnanceur est passé à %1 pour cette raison ; sélectionnez la ligne pour les marquer dans la vue d’ensemble des splits</numerusform>
        </translation>
    </message>
    <message>
        <source>boundary</source>
        <translation>frontière</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>copie</translation>
    </message>
    <message>
        <source>%1 read on %2</source>
        <translation>%1 lu sur %2</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Backends</source>
        <translation>Backends</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Pourquoi</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Cause</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Octets</translation>
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
            <numerusform>%n split, %1 affectations</numerusform>
            <numerusform>%n splits, %1 affectations</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>backend %1 (%2)</source>
        <translation>backend %1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>Run finished: %n split(s)</source>
        <translation>
            <numerusform>Exécution terminée : %n split</numerusform>
            <numerusform>Exécution terminée : %n splits</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Annulé</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Échec : %1</translation>
    </message>
    <message>
        <source>Top next tokens (id, logit, piece):</source>
        <translation>Jetons suivants les plus probables (id, logit, fragment) :</translation>
    </message>
    <message>
        <source>Replay stopped: showing the final assignment</source>
        <translation>Relecture arrêtée : affectation finale affichée</translation>
    </message>
    <message>
        <source>OpenCL + CPU</source>
        <translation>OpenCL + CPU</translation>
    </message>
    <message numerus="yes">
        <source>GGML_SCHED_DEBUG log: %n split(s), %1 assignments</source>
        <translation>
            <numerusform>Journal GGML_SCHED_DEBUG : %n split, %1 affectations</numerusform>
            <numerusform>Journal GGML_SCHED_DEBUG : %n splits, %1 affectations</numerusform>
        </translation>
    </message>
    <message>
        <source>Scheduling on %1 as ggml %2…</source>
        <translation>Répartition sur %1 comme ggml %2…</translation>
    </message>
    <message>
        <source>Running on %1 as ggml %2…</source>
        <translation>Exécution sur %1 comme ggml %2…</translation>
    </message>
    <message numerus="yes">
        <source>Planned on %1: %n split(s), %2 assignments (device profiles: nothing runs)</source>
        <translation>
            <numerusform>Planifié sur %1 : %n split, %2 affectations (profils d’appareils : rien ne s’exécute)</numerusform>
            <numerusform>Planifié sur %1 : %n splits, %2 affectations (profils d’appareils : rien ne s’exécute)</numerusform>
        </translation>
    </message>
    <message>
        <source>This document is planned on device profiles (%1), which have no kernels: Run computes only on this machine&apos;s backends. Plan it on This Machine in the Devices dock to run it.</source>
        <translation>Ce document est planifié sur des profils d’appareils (%1), qui n’ont pas de noyaux : Exécuter ne calcule que sur les backends de cette machine. Planifiez-le sur cette machine dans le dock Appareils pour l’exécuter.</translation>
    </message>
    <message numerus="yes">
        <source>Captured on %1: %n split(s), as the program&apos;s ggml split the graph</source>
        <translation>
            <numerusform>Capturé sur %1 : %n split, tel que le ggml du programme a réparti le graphe</numerusform>
            <numerusform>Capturé sur %1 : %n splits, tel que le ggml du programme a réparti le graphe</numerusform>
        </translation>
    </message>
    <message>
        <source>This document is a capture of another program&apos;s graph: it holds no tensor data, so Run cannot compute it.</source>
        <translation>Ce document est une capture du graphe d’un autre programme : il ne contient aucune donnée de tenseur, Exécuter ne peut donc pas le calculer.</translation>
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
        <translation>Ordonnancez le graphe (F7) pour voir ses splits ici.</translation>
    </message>
    <message numerus="yes">
        <source>%n split(s) each</source>
        <translation>
            <numerusform>%n split chacun</numerusform>
            <numerusform>%n splits chacun</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n split(s)</source>
        <translation>
            <numerusform>%n split</numerusform>
            <numerusform>%n splits</numerusform>
        </translation>
    </message>
    <message>
        <source>click to fold</source>
        <translation>cliquer pour replier</translation>
    </message>
    <message>
        <source>click to unfold</source>
        <translation>cliquer pour déplier</translation>
    </message>
    <message numerus="yes">
        <source>#%1 · %n node(s)</source>
        <translation>
            <numerusform>#%1 · %n nœud</numerusform>
            <numerusform>#%1 · %n nœuds</numerusform>
        </translation>
    </message>
    <message>
        <source>no backend</source>
        <translation>aucun backend</translation>
    </message>
    <message>
        <source>%1: assigned to %2 by the graph</source>
        <translation>%1 : affecté à %2 par le graphe</translation>
    </message>
    <message>
        <source>%1: only %2 can run it</source>
        <translation>%1 : seul %2 peut l’exécuter</translation>
    </message>
    <message>
        <source>%1: its result lives in %2 memory</source>
        <translation>%1 : son résultat est dans la mémoire de %2</translation>
    </message>
    <message>
        <source>%1: src%2 %3 lives in %4 memory</source>
        <translation>%1 : src%2 %3 est dans la mémoire de %4</translation>
    </message>
    <message>
        <source>%1: follows src%2 %3 on %4</source>
        <translation>%1 : suit src%2 %3 sur %4</translation>
    </message>
    <message>
        <source>%1: on %2 (%3)</source>
        <translation>%1 : sur %2 (%3)</translation>
    </message>
    <message>
        <source>%1: views %2 in %3 memory</source>
        <translation>%1 : vue de %2 dans la mémoire de %3</translation>
    </message>
    <message>
        <source>%1: a graph input, on the last backend %2</source>
        <translation>%1 : une entrée du graphe, sur le dernier backend %2</translation>
    </message>
    <message>
        <source>%1: %2 asked to run it, away from its weight in host memory</source>
        <translation>%1 : %2 a demandé à l&apos;exécuter, loin de son poids en mémoire hôte</translation>
    </message>
    <message>
        <source>%1: runs where its weight src%2 %3 is, on %4</source>
        <translation>%1 : s&apos;exécute là où est son poids src%2 %3, sur %4</translation>
    </message>
    <message>
        <source>%1: next to %2 ops, and %2 runs it</source>
        <translation>%1 : à côté d&apos;opérations sur %2, et %2 l&apos;exécute</translation>
    </message>
    <message>
        <source>%1: moved up to %2, which uses the same buffer type</source>
        <translation>%1 : promu sur %2, qui utilise le même type de tampon</translation>
    </message>
    <message>
        <source>%1: %2 runs it and can use the most of its sources</source>
        <translation>%1 : %2 l&apos;exécute et peut utiliser le plus de ses sources</translation>
    </message>
    <message>
        <source>%1: read by a node on %2</source>
        <translation>%1 : lu par un nœud sur %2</translation>
    </message>
    <message>
        <source>%1: views %2 on %3</source>
        <translation>%1 : vue de %2 sur %3</translation>
    </message>
    <message>
        <source>%1: on %2, as the log printed it</source>
        <translation>%1 : sur %2, tel que le journal l’a affiché</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 sur %2</translation>
    </message>
    <message numerus="yes">
        <source>%n copies · %1</source>
        <translation>
            <numerusform>%n copie · %1</numerusform>
            <numerusform>%n copies · %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 over the network</source>
        <translation>%1 par le réseau</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SplitPanel</name>
    <message>
        <source>Schedule</source>
        <translation>Ordonnancer</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Rejouer</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Exécuter</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Backends to schedule and run the graph on, in priority order</source>
        <translation>Backends sur lesquels ordonnancer et exécuter le graphe, par ordre de priorité</translation>
    </message>
    <message>
        <source>Split the graph over the backends and replay the assignment</source>
        <translation>Découper le graphe entre les backends et rejouer l’affectation</translation>
    </message>
    <message>
        <source>Compute the graph on the backends</source>
        <translation>Calculer le graphe sur les backends</translation>
    </message>
    <message>
        <source>Assignment</source>
        <translation>Affectation</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Temps</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>Sorties</translation>
    </message>
    <message>
        <source>Computing split %1…</source>
        <translation>Calcul du split %1…</translation>
    </message>
    <message>
        <source>S&amp;chedule</source>
        <translation>&amp;Ordonnancer</translation>
    </message>
    <message>
        <source>&amp;Backends</source>
        <translation>&amp;Backends</translation>
    </message>
    <message>
        <source>&amp;Schedule</source>
        <translation>&amp;Ordonnancer</translation>
    </message>
    <message>
        <source>&amp;Replay Assignment</source>
        <translation>&amp;Rejouer l’affectation</translation>
    </message>
    <message>
        <source>R&amp;un</source>
        <translation>E&amp;xécuter</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>Causes</source>
        <translation>Causes</translation>
    </message>
    <message>
        <source>A GGML_SCHED_DEBUG log cannot run: it has the graph and the split assignment it printed, not the tensors&apos; data or its backends</source>
        <translation>Un journal GGML_SCHED_DEBUG ne peut pas être exécuté : il contient le graphe et l’affectation des splits qu’il a imprimés, pas les données des tenseurs ni ses backends</translation>
    </message>
    <message>
        <source>Show the split the document was planned with on its device profiles</source>
        <translation>Montrer la répartition avec laquelle le document a été planifié sur ses profils d’appareils</translation>
    </message>
    <message>
        <source>Device profiles have no kernels: Run computes only on this machine&apos;s backends (Devices dock: Plan on This Machine)</source>
        <translation>Les profils d’appareils n’ont pas de noyaux : Exécuter ne calcule que sur les backends de cette machine (dock Appareils : Planifier sur cette machine)</translation>
    </message>
    <message>
        <source>Show the split the captured program&apos;s scheduler made</source>
        <translation>Montrer la répartition faite par l’ordonnanceur du programme capturé</translation>
    </message>
    <message>
        <source>A capture holds another program&apos;s graph and split, not its tensors&apos; data</source>
        <translation>Une capture contient le graphe et la répartition d’un autre programme, pas les données de ses tenseurs</translation>
    </message>
    <message>
        <source>Add RPC Server…</source>
        <translation>Ajouter un serveur RPC…</translation>
    </message>
    <message>
        <source>Schedule on an rpc-server of llama.cpp as well (HOST:PORT): its device is device 0 of the server</source>
        <translation>Ordonnancer aussi sur un rpc-server de llama.cpp (HÔTE:PORT) : son appareil est l’appareil 0 du serveur</translation>
    </message>
    <message>
        <source>Add RPC Server</source>
        <translation>Ajouter un serveur RPC</translation>
    </message>
    <message>
        <source>Address of an rpc-server (HOST:PORT):</source>
        <translation>Adresse d’un rpc-server (HÔTE:PORT) :</translation>
    </message>
    <message>
        <source>Cannot Add RPC Server</source>
        <translation>Impossible d’ajouter le serveur RPC</translation>
    </message>
    <message>
        <source>%1

The backends and the schedule are kept.</source>
        <translation>%1

Les backends et l’ordonnancement sont conservés.</translation>
    </message>
    <message>
        <source>%1 is among the backends already: an rpc-server serves one client at a time.</source>
        <translation>%1 figure déjà parmi les backends : un rpc-server ne sert qu’un client à la fois.</translation>
    </message>
    <message>
        <source>Cannot Schedule on RPC Server</source>
        <translation>Impossible d’ordonnancer sur le serveur RPC</translation>
    </message>
    <message>
        <source>%1

The previous backends and schedule are kept.</source>
        <translation>%1

Les backends et l’ordonnancement précédents sont conservés.</translation>
    </message>
    <message>
        <source>Add &amp;RPC Server…</source>
        <translation>Ajouter un serveur &amp;RPC…</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SteppingToolBar</name>
    <message>
        <source>Stepping</source>
        <translation>Pas à pas</translation>
    </message>
    <message>
        <source>Jump to step (events applied)</source>
        <translation>Aller à l’étape (événements appliqués)</translation>
    </message>
    <message>
        <source> steps/s</source>
        <translation> étapes/s</translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation>Vitesse de lecture</translation>
    </message>
    <message>
        <source>Break On</source>
        <translation>Arrêt sur</translation>
    </message>
    <message>
        <source>Breakpoints on event kinds</source>
        <translation>Points d’arrêt sur les types d’événements</translation>
    </message>
    <message>
        <source>&amp;Play / Pause</source>
        <translation>&amp;Lecture / Pause</translation>
    </message>
    <message>
        <source>Play / Pause (F5)</source>
        <translation>Lecture / Pause (F5)</translation>
    </message>
    <message>
        <source>Step &amp;Back</source>
        <translation>Étape &amp;précédente</translation>
    </message>
    <message>
        <source>Run to &amp;Breakpoint or End</source>
        <translation>Exécuter jusqu’au point d’&amp;arrêt ou à la fin</translation>
    </message>
    <message>
        <source>Run Back to Breakpoint or S&amp;tart</source>
        <translation>Revenir au point d’arrêt ou au &amp;début</translation>
    </message>
    <message>
        <source>Toggle &amp;Breakpoint on Tensor</source>
        <translation>Basculer le point d’arrêt sur le &amp;tenseur</translation>
    </message>
    <message>
        <source>&amp;Clear Breakpoints</source>
        <translation>&amp;Effacer les points d’arrêt</translation>
    </message>
    <message>
        <source>Break On &amp;Event</source>
        <translation>&amp;Arrêt sur un événement</translation>
    </message>
    <message>
        <source> of %1 </source>
        <translation> sur %1 </translation>
    </message>
    <message>
        <source>The plan stopped: %1</source>
        <translation>Le plan s’est arrêté : %1</translation>
    </message>
    <message>
        <source>Toggle Breakpoint on the Selected Tensor (F9)</source>
        <translation>Basculer le point d’arrêt sur le tenseur sélectionné (F9)</translation>
    </message>
    <message>
        <source>Step Through the S&amp;cheduled Allocation</source>
        <translation>Parcourir l’allocation &amp;planifiée</translation>
    </message>
    <message>
        <source>Step through the scheduler&apos;s compute buffers, one per backend, instead of the single-buffer plan</source>
        <translation>Parcourir les tampons de calcul du planificateur, un par backend, au lieu du plan à tampon unique</translation>
    </message>
    <message>
        <source>Schedule first (F7)</source>
        <translation>Planifier d’abord (F7)</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <comment>action: one event forward</comment>
        <translation>Étape &amp;suivante</translation>
    </message>
    <message>
        <source>&amp;First Step</source>
        <translation>Pre&amp;mière étape</translation>
    </message>
    <message>
        <source>&amp;Last Step</source>
        <translation>Der&amp;nière étape</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <comment>menu</comment>
        <translation>&amp;Pas à pas</translation>
    </message>
</context>
<context>
    <name>planscope::ui::StubItem</name>
    <message>
        <source>From outside the block: %1 (click to select it)</source>
        <translation>Depuis l’extérieur du bloc : %1 (cliquer pour le sélectionner)</translation>
    </message>
    <message>
        <source>Read outside the block: %1 (click to select it)</source>
        <translation>Lu hors du bloc : %1 (cliquer pour le sélectionner)</translation>
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
    <message>
        <source>Compute buffer:</source>
        <translation>Tampon de calcul :</translation>
    </message>
    <message>
        <source>planning…</source>
        <translation>planification…</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>llama.cpp prints:
%1</source>
        <translation>llama.cpp affiche :
%1</translation>
    </message>
    <message>
        <source>(was %1: %2)</source>
        <translation>(avant %1 : %2)</translation>
    </message>
    <message>
        <source>For this prompt graph (llama.cpp reserves with its worst-case graph):
%1</source>
        <translation>Pour ce graphe du prompt (llama.cpp réserve avec son graphe du pire cas) :
%1</translation>
    </message>
    <message>
        <source>llama.cpp reserves:</source>
        <translation>llama.cpp réserve :</translation>
    </message>
    <message>
        <source>%1 (worst-case graph)</source>
        <translation>%1 (graphe du pire cas)</translation>
    </message>
    <message>
        <source>%1 (worst-case graph; prompt graph %2)</source>
        <translation>%1 (pire cas ; graphe du prompt %2)</translation>
    </message>
    <message>
        <source>llama.cpp sizes its compute buffer with its worst-case graph (n_kv = n_ctx, n_past = n_ctx − n_batch), not with this prompt graph:
%1
prompt graph: %2</source>
        <translation>llama.cpp dimensionne son tampon de calcul avec son graphe du pire cas (n_kv = n_ctx, n_past = n_ctx − n_batch), pas avec ce graphe du prompt :
%1
graphe du prompt : %2</translation>
    </message>
    <message>
        <source>not planned</source>
        <translation>non planifié</translation>
    </message>
    <message>
        <source>Planned by:</source>
        <translation>Planifié par :</translation>
    </message>
    <message>
        <source>Graph nodes (llama.cpp):</source>
        <translation>Nœuds du graphe (llama.cpp) :</translation>
    </message>
    <message>
        <source>Context:</source>
        <translation>Contexte :</translation>
    </message>
    <message>
        <source>Flash attention:</source>
        <translation>Flash attention :</translation>
    </message>
    <message>
        <source>Model (weights):</source>
        <translation>Modèle (poids) :</translation>
    </message>
    <message>
        <source>Context (KV cache):</source>
        <translation>Contexte (cache KV) :</translation>
    </message>
    <message>
        <source>Compute buffer (llama.cpp):</source>
        <translation>Tampon de calcul (llama.cpp) :</translation>
    </message>
    <message>
        <source>Output buffer:</source>
        <translation>Tampon de sortie :</translation>
    </message>
    <message>
        <source>llama.cpp memory:</source>
        <translation>Mémoire de llama.cpp :</translation>
    </message>
    <message>
        <source>The era whose allocator plans this document (View &gt; Allocator); llama.cpp da46e59c&apos;s figures below are ggml 2026&apos;s</source>
        <translation>L&apos;ère dont l&apos;allocateur planifie ce document (Affichage &gt; Allocateur) ; les chiffres de llama.cpp da46e59c ci-dessous sont ceux de ggml 2026</translation>
    </message>
    <message>
        <source>pp %1 (%2 tokens), tg %3 (1 token)</source>
        <translation>pp %1 (%2 jetons), tg %3 (1 jeton)</translation>
    </message>
    <message>
        <source>The nodes of the graphs llama.cpp reserves with: the prompt graph (n_ubatch tokens) and the one-token graph; %1 and %2 splits</source>
        <translation>Les nœuds des graphes avec lesquels llama.cpp réserve : le graphe du prompt (n_ubatch jetons) et celui d&apos;un jeton ; %1 et %2 découpages</translation>
    </message>
    <message>
        <source>n_ctx %1, n_batch %2, n_ubatch %3</source>
        <translation>n_ctx %1, n_batch %2, n_ubatch %3</translation>
    </message>
    <message>
        <source>As llama_context resolves them: n_ctx padded to a multiple of 256, n_batch at most n_ctx, n_ubatch at most n_batch; %1 cells per sequence</source>
        <translation>Tels que llama_context les résout : n_ctx arrondi à un multiple de 256, n_batch au plus n_ctx, n_ubatch au plus n_batch ; %1 cellules par séquence</translation>
    </message>
    <message>
        <source>on</source>
        <translation>activée</translation>
    </message>
    <message>
        <source>off</source>
        <translation>désactivée</translation>
    </message>
    <message>
        <source>As llama_context resolves it: auto is on (the CPU runs FLASH_ATTN_EXT)</source>
        <translation>Telle que llama_context la résout : auto vaut activée (le CPU exécute FLASH_ATTN_EXT)</translation>
    </message>
    <message>
        <source>%1: the largest of the prompt, one-token and prompt graphs&apos; reserves</source>
        <translation>%1 : la plus grande des réservations des graphes du prompt, d&apos;un jeton et du prompt</translation>
    </message>
    <message>
        <source>%1: the logits buffer, not in llama_memory_breakdown</source>
        <translation>%1 : le tampon des logits, absent de llama_memory_breakdown</translation>
    </message>
    <message>
        <source>%1 (model + context + compute)</source>
        <translation>%1 (modèle + contexte + calcul)</translation>
    </message>
    <message>
        <source>%1, as llama_memory_breakdown sums it (without the output buffer)</source>
        <translation>%1, comme le somme llama_memory_breakdown (sans le tampon de sortie)</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SweepChart</name>
    <message>
        <source>Run a sweep to see how the compute buffer grows</source>
        <translation>Lancez un balayage pour voir comment le tampon de calcul grandit</translation>
    </message>
    <message>
        <source>%1 (log₂ scale)</source>
        <translation>%1 (échelle log₂)</translation>
    </message>
    <message>
        <source>compute buffer (ggml)</source>
        <translation>tampon de calcul (ggml)</translation>
    </message>
    <message>
        <source>lower bound</source>
        <translation>borne inférieure</translation>
    </message>
    <message>
        <source>llama.cpp total</source>
        <translation>total llama.cpp</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SweepDeviceChart</name>
    <message>
        <source>%1 (limit dashed)</source>
        <translation>%1 (limite en tirets)</translation>
    </message>
    <message>
        <source>%1: %2 used, %3 free</source>
        <translation>%1 : %2 utilisés, %3 libres</translation>
    </message>
    <message>
        <source>Run a sweep to see each device&apos;s memory against its limit</source>
        <translation>Lancez un balayage pour voir la mémoire de chaque appareil face à sa limite</translation>
    </message>
    <message>
        <source>%1 (log₂ scale)</source>
        <translation>%1 (échelle log₂)</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SweepDialog</name>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Lancer</translation>
    </message>
    <message>
        <source>Compute Buffer Sweep</source>
        <translation>Balayage du tampon de calcul</translation>
    </message>
    <message>
        <source>Comma-separated values, e.g. 1,8,32</source>
        <translation>Valeurs séparées par des virgules, p. ex. 1,8,32</translation>
    </message>
    <message>
        <source>%v / %m points</source>
        <translation>%v / %m points</translation>
    </message>
    <message>
        <source>S&amp;weep:</source>
        <translation>&amp;Balayer :</translation>
    </message>
    <message>
        <source>&amp;Values:</source>
        <translation>&amp;Valeurs :</translation>
    </message>
    <message>
        <source>Compute Buffer Sweep — %1</source>
        <translation>Balayage du tampon de calcul — %1</translation>
    </message>
    <message>
        <source>Only a model (.gguf) or the llama template can be swept.</source>
        <translation>Seul un modèle (.gguf) ou le modèle llama intégré peut être balayé.</translation>
    </message>
    <message>
        <source>Values: %1</source>
        <translation>Valeurs : %1</translation>
    </message>
    <message numerus="yes">
        <source>Planning %n point(s)…</source>
        <translation>
            <numerusform>Planification de %n point…</numerusform>
            <numerusform>Planification de %n points…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sweep cancelled after %n point(s).</source>
        <translation>
            <numerusform>Balayage annulé après %n point.</numerusform>
            <numerusform>Balayage annulé après %n points.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n point(s) planned.</source>
        <translation>
            <numerusform>Terminé : %n point planifié.</numerusform>
            <numerusform>Terminé : %n points planifiés.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cance&amp;l</source>
        <translation>A&amp;nnuler</translation>
    </message>
    <message>
        <source>The other parameters stay as they are: n_ctx %1.</source>
        <translation>Les autres paramètres restent tels quels : n_ctx %1.</translation>
    </message>
    <message>
        <source>The other parameters stay as they are: n_batch %1.</source>
        <translation>Les autres paramètres restent tels quels : n_batch %1.</translation>
    </message>
    <message>
        <source>ggml 2026: each point is the graph llama.cpp da46e59c reserves with, planned by ggml 2026; llama.cpp&apos;s figure is its context&apos;s compute buffer after the prompt, one-token and prompt graphs.</source>
        <translation>ggml 2026 : chaque point est le graphe avec lequel llama.cpp da46e59c réserve, planifié par ggml 2026 ; le chiffre de llama.cpp est le tampon de calcul de son contexte après les graphes de prompt, à un jeton et de prompt.</translation>
    </message>
    <message>
        <source>ggml 2023: each point is llama.cpp 2023&apos;s graph, planned by ggml 2023; llama.cpp&apos;s figure is what its worst-case graph reserves.</source>
        <translation>ggml 2023 : chaque point est le graphe de llama.cpp 2023, planifié par ggml 2023 ; le chiffre de llama.cpp est ce que réserve son graphe du pire cas.</translation>
    </message>
    <message>
        <source>The other parameters stay as they are: n_ctx %1, n_batch %2.</source>
        <translation>Les autres paramètres restent tels quels : n_ctx %1, n_batch %2.</translation>
    </message>
    <message>
        <source>On devices (choose GPUs in the Devices dock)</source>
        <translation>Sur des appareils (choisissez des GPU dans le dock Appareils)</translation>
    </message>
    <message>
        <source>On the Devices dock&apos;s devices: %1</source>
        <translation>Sur les appareils du dock Appareils : %1</translation>
    </message>
</context>
<context>
    <name>planscope::ui::SweepPointModel</name>
    <message numerus="yes">
        <source>%1 %2: %n node(s)</source>
        <translation>
            <numerusform>%1 %2 : %n nœud</numerusform>
            <numerusform>%1 %2 : %n nœuds</numerusform>
        </translation>
    </message>
    <message>
        <source>Compute buffer (ggml): %1</source>
        <translation>Tampon de calcul (ggml) : %1</translation>
    </message>
    <message>
        <source>Lower bound: %1</source>
        <translation>Borne inférieure : %1</translation>
    </message>
    <message>
        <source>Plan / bound: %1</source>
        <translation>Plan / borne : %1</translation>
    </message>
    <message>
        <source>llama.cpp total: %1</source>
        <translation>Total llama.cpp : %1</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Nœuds</translation>
    </message>
    <message>
        <source>Compute buffer</source>
        <translation>Tampon de calcul</translation>
    </message>
    <message>
        <source>Lower bound</source>
        <translation>Borne inférieure</translation>
    </message>
    <message>
        <source>Plan / bound</source>
        <translation>Plan / borne</translation>
    </message>
    <message>
        <source>llama.cpp total</source>
        <translation>Total llama.cpp</translation>
    </message>
    <message>
        <source>The compute buffer of the graph built at this value</source>
        <translation>Le tampon de calcul du graphe construit avec cette valeur</translation>
    </message>
    <message>
        <source>What llama.cpp reserves at this value: the compute buffer of its worst-case graph (n_past = n_ctx − n_batch, the K-shift), plus its graph metadata</source>
        <translation>Ce que llama.cpp réserve pour cette valeur : le tampon de calcul de son graphe du pire cas (n_past = n_ctx − n_batch, le K-shift), plus les métadonnées de son graphe</translation>
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
    <message>
        <source>Worst case (llama.cpp&apos;s measure graph):</source>
        <translation>Pire cas (graphe de mesure de llama.cpp) :</translation>
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
<context>
    <name>planscope::ui::TensorNodeItem</name>
    <message>
        <source>Breakpoint: stepping stops at its events</source>
        <translation>Point d’arrêt : le pas à pas s’arrête à ses événements</translation>
    </message>
</context>
<context>
    <name>planscope::ui::TimingModel</name>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message numerus="yes">
        <source>total (%n splits)</source>
        <translation>
            <numerusform>total (%n split)</numerusform>
            <numerusform>total (%n splits)</numerusform>
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
        <translation>Entrées</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copiées</translation>
    </message>
    <message>
        <source>Copy µs</source>
        <translation>Copie µs</translation>
    </message>
    <message>
        <source>Compute µs</source>
        <translation>Calcul µs</translation>
    </message>
</context>
<context>
    <name>planscope::ui::VersionCompareDialog</name>
    <message>
        <source>Cance&amp;l</source>
        <translation>A&amp;nnuler</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>&amp;Comparer</translation>
    </message>
    <message>
        <source>Compare ggml versions — %1</source>
        <translation>Comparer les versions de ggml — %1</translation>
    </message>
    <message>
        <source>Comparison cancelled.</source>
        <translation>Comparaison annulée.</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Comparaison…</translation>
    </message>
    <message>
        <source>Comparison failed: %1</source>
        <translation>Échec de la comparaison : %1</translation>
    </message>
    <message>
        <source>Tensors placed differently: %1</source>
        <translation>Tenseurs placés différemment : %1</translation>
    </message>
    <message>
        <source>ggml 2023: %1 (max_size), tensors placed: %2</source>
        <translation>ggml 2023 : %1 (max_size), tenseurs placés : %2</translation>
    </message>
    <message>
        <source>ggml 2026: %1 (chunks: %2), tensors placed: %3</source>
        <translation>ggml 2026 : %1 (morceaux : %2), tenseurs placés : %3</translation>
    </message>
    <message>
        <source>The document has a parse_seq: ggml 2023 frees at its barriers, ggml 2026 ignores it.</source>
        <translation>Le document a une parse_seq : ggml 2023 libère à ses barrières, ggml 2026 l’ignore.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Both versions place every tensor alike.</source>
        <translation>Les deux versions placent chaque tenseur de la même façon.</translation>
    </message>
</context>
<context>
    <name>planscope::ui::VersionDiffModel</name>
    <message>
        <source>leaf allocated by 2026</source>
        <translation>feuille allouée par 2026</translation>
    </message>
    <message>
        <source>unused leaf kept by 2026</source>
        <translation>feuille inutilisée conservée par 2026</translation>
    </message>
    <message>
        <source>input placed first by 2026</source>
        <translation>entrée placée en premier par 2026</translation>
    </message>
    <message>
        <source>output kept by 2026</source>
        <translation>sortie conservée par 2026</translation>
    </message>
    <message>
        <source>in-place refused: parent is a view</source>
        <translation>en place refusé : le parent est une vue</translation>
    </message>
    <message>
        <source>in-place refused: parent is an output</source>
        <translation>en place refusé : le parent est une sortie</translation>
    </message>
    <message>
        <source>in-place over a parent 2023 did not own</source>
        <translation>en place sur un parent qui n’appartenait pas à 2023</translation>
    </message>
    <message>
        <source>parse_seq ignored by 2026</source>
        <translation>parse_seq ignorée par 2026</translation>
    </message>
    <message>
        <source>moved</source>
        <translation>déplacé</translation>
    </message>
    <message>
        <source>ggml 2026 places every leaf without data before the first node; 2023 placed it when a node first read it.</source>
        <translation>ggml 2026 place chaque feuille sans données avant le premier nœud ; 2023 la plaçait quand un nœud la lisait pour la première fois.</translation>
    </message>
    <message>
        <source>A leaf that no node reads: only ggml 2026 places it, and keeps it to the end.</source>
        <translation>Une feuille qu’aucun nœud ne lit : seul ggml 2026 la place, et la conserve jusqu’à la fin.</translation>
    </message>
    <message>
        <source>ggml 2026 places the INPUT tensors before the nodes, in leaf then node order.</source>
        <translation>ggml 2026 place les tenseurs INPUT avant les nœuds, dans l’ordre des feuilles puis des nœuds.</translation>
    </message>
    <message>
        <source>ggml 2026 never frees an OUTPUT; 2023 did after its last reader.</source>
        <translation>ggml 2026 ne libère jamais un tenseur OUTPUT ; 2023 le faisait après son dernier lecteur.</translation>
    </message>
    <message>
        <source>ggml 2023 computed it in place over a view; a view is never ggml 2026&apos;s own to take over.</source>
        <translation>ggml 2023 l’a calculé en place sur une vue ; une vue n’appartient jamais à ggml 2026, qui ne peut donc pas la reprendre.</translation>
    </message>
    <message>
        <source>ggml 2026 refuses to overwrite an OUTPUT in place; 2023 did.</source>
        <translation>ggml 2026 refuse d’écraser en place un tenseur OUTPUT ; 2023 le faisait.</translation>
    </message>
    <message>
        <source>ggml 2026 computed it in place over a parent that was not ggml 2023&apos;s own to take over.</source>
        <translation>ggml 2026 l’a calculé en place sur un parent qui n’appartenait pas à ggml 2023 et que celui-ci ne pouvait donc pas reprendre.</translation>
    </message>
    <message>
        <source>ggml 2023 frees at the document&apos;s parse_seq barriers; ggml 2026 has no parse_seq.</source>
        <translation>ggml 2023 libère aux barrières parse_seq du document ; ggml 2026 n’a pas de parse_seq.</translation>
    </message>
    <message>
        <source>No rule of its own: an earlier difference left ggml 2026 another free list.</source>
        <translation>Aucune règle propre : une différence antérieure a laissé à ggml 2026 une autre liste libre.</translation>
    </message>
    <message>
        <source>Not placed by ggml %1</source>
        <translation>Non placé par ggml %1</translation>
    </message>
    <message>
        <source>Freed by ggml %1 before the end of the graph</source>
        <translation>Libéré par ggml %1 avant la fin du graphe</translation>
    </message>
    <message>
        <source>Kept by ggml %1 to the end of the graph</source>
        <translation>Conservé par ggml %1 jusqu’à la fin du graphe</translation>
    </message>
    <message>
        <source>No rule of its own: the difference of %1 before it left ggml 2026 another free list.</source>
        <translation>Aucune règle propre : la différence de %1, placé avant lui, a laissé à ggml 2026 une autre liste libre.</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tenseur</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <source>Offset (2023)</source>
        <translation>Décalage (2023)</translation>
    </message>
    <message>
        <source>Offset (2026)</source>
        <translation>Décalage (2026)</translation>
    </message>
    <message>
        <source>In place of (2023)</source>
        <translation>En place sur (2023)</translation>
    </message>
    <message>
        <source>In place of (2026)</source>
        <translation>En place sur (2026)</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Règle</translation>
    </message>
    <message>
        <source>Because of</source>
        <translation>À cause de</translation>
    </message>
</context>
<context>
    <name>planscope::ui::WhatIfBar</name>
    <message>
        <source>What If</source>
        <translation>Et si</translation>
    </message>
    <message>
        <source>KV cache cells, n_ctx (--ctx)</source>
        <translation>Cellules du cache KV, n_ctx (--ctx)</translation>
    </message>
    <message>
        <source>Tokens in the graph, n_batch (--batch)</source>
        <translation>Jetons dans le graphe, n_batch (--batch)</translation>
    </message>
    <message>
        <source>Layers on the second backend (--ngl)</source>
        <translation>Couches sur le second backend (--ngl)</translation>
    </message>
    <message>
        <source>KV cache type (--kv-type)</source>
        <translation>Type du cache KV (--kv-type)</translation>
    </message>
    <message>
        <source>What if: ctx </source>
        <translation>Et si : ctx </translation>
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
        <translation> séq. </translation>
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
        <translation>Jetons du graphe de réservation, n_ubatch (--ubatch)</translation>
    </message>
    <message>
        <source>Sequences, n_seq_max (--seqs)</source>
        <translation>Séquences, n_seq_max (--seqs)</translation>
    </message>
    <message>
        <source>Flash attention (--flash-attn)</source>
        <translation>Flash attention (--flash-attn)</translation>
    </message>
    <message>
        <source>K cache type (--kv-type-k)</source>
        <translation>Type du cache K (--kv-type-k)</translation>
    </message>
    <message>
        <source>V cache type (--kv-type-v)</source>
        <translation>Type du cache V (--kv-type-v)</translation>
    </message>
</context>
<context>
    <name>planscope::ui::WhyPanel</name>
    <message>
        <source>Offset</source>
        <translation>Décalage</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <source>chosen</source>
        <translation>choisi</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>convient</translation>
    </message>
    <message>
        <source>too small</source>
        <translation>trop petit</translation>
    </message>
    <message>
        <source>last block</source>
        <translation>dernier bloc</translation>
    </message>
    <message>
        <source>&lt;i&gt;Planning…&lt;/i&gt;</source>
        <translation>&lt;i&gt;Planification…&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;Step 0: nothing allocated yet. Step forward (F10) to see each decision.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Étape 0 : rien n’est encore alloué. Avancez d’une étape (F10) pour voir chaque décision.&lt;/i&gt;</translation>
    </message>
</context>
<context>
    <name>planscope::ui::WhyText</name>
    <message>
        <source>Allocate %1: %2 bytes at offset %3</source>
        <translation>Allouer %1 : %2 octets au décalage %3</translation>
    </message>
    <message>
        <source>No block before the last one is large enough, so the last block, the end of the buffer, is used as the last resort.</source>
        <translation>Aucun bloc avant le dernier n’est assez grand : le dernier bloc, la fin du tampon, sert de dernier recours.</translation>
    </message>
    <message numerus="yes">
        <source>Best fit: block %1 (%2 bytes) is the smallest of %n fitting block(s); %3 earlier block(s) have the same size and the later one wins (the seed compares with &lt;=).</source>
        <translation>
            <numerusform>Meilleur ajustement : le bloc %1 (%2 octets) est le plus petit parmi %n bloc adapté ; %3 bloc(s) antérieur(s) ont la même taille et le dernier l’emporte (la graine compare avec &lt;=).</numerusform>
            <numerusform>Meilleur ajustement : le bloc %1 (%2 octets) est le plus petit parmi %n blocs adaptés ; %3 bloc(s) antérieur(s) ont la même taille et le dernier l’emporte (la graine compare avec &lt;=).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Best fit: block %1 (%2 bytes) is the smallest of %n fitting block(s); the last block is kept as the last resort.</source>
        <translation>
            <numerusform>Meilleur ajustement : le bloc %1 (%2 octets) est le plus petit parmi %n bloc adapté ; le dernier bloc est gardé en dernier recours.</numerusform>
            <numerusform>Meilleur ajustement : le bloc %1 (%2 octets) est le plus petit parmi %n blocs adaptés ; le dernier bloc est gardé en dernier recours.</numerusform>
        </translation>
    </message>
    <message>
        <source>The buffer&apos;s high-water mark grows from %1 to %2 bytes.</source>
        <translation>Le niveau maximal du tampon passe de %1 à %2 octets.</translation>
    </message>
    <message>
        <source>%1 is not in this allocator&apos;s buffer (a weight, the KV cache or an unallocated tensor), so %2 cannot take its memory.</source>
        <translation>%1 n’est pas dans le tampon de cet allocateur (un poids, le cache KV ou un tenseur non alloué), donc %2 ne peut pas prendre sa mémoire.</translation>
    </message>
    <message>
        <source>%1 has other children still to run, which read it after %2.</source>
        <translation>%1 a encore d’autres enfants à exécuter, qui le lisent après %2.</translation>
    </message>
    <message>
        <source>Views of %1 are still alive, so its memory cannot go to %2.</source>
        <translation>Des vues de %1 sont encore vivantes, sa mémoire ne peut donc pas aller à %2.</translation>
    </message>
    <message>
        <source>The type, shape or strides of %2 differ from those of %1.</source>
        <translation>Le type, la forme ou les pas de %2 diffèrent de ceux de %1.</translation>
    </message>
    <message>
        <source>%1 is a view whose source has other views or children.</source>
        <translation>%1 est une vue dont la source a d’autres vues ou enfants.</translation>
    </message>
    <message>
        <source>%1 is a view that does not start at its source&apos;s first byte.</source>
        <translation>%1 est une vue qui ne commence pas au premier octet de sa source.</translation>
    </message>
    <message>
        <source>Inplace: %1 reuses %2 at offset %3</source>
        <translation>En place : %1 réutilise %2 au décalage %3</translation>
    </message>
    <message>
        <source>%1 can run in place, and its parent %2 has no other children left to run, no live views and the same layout, so the node takes over the parent&apos;s memory.</source>
        <translation>%1 peut s’exécuter en place, et son parent %2 n’a plus d’autres enfants à exécuter, ni vues vivantes, et a la même disposition : le nœud reprend donc la mémoire du parent.</translation>
    </message>
    <message>
        <source>The parent is a view: the node aliases its source %1.</source>
        <translation>Le parent est une vue : le nœud est un alias de sa source %1.</translation>
    </message>
    <message>
        <source>Not reusing %1 for %2</source>
        <translation>Pas de réutilisation de %1 pour %2</translation>
    </message>
    <message>
        <source>Free %1: %2 bytes at offset %3</source>
        <translation>Libérer %1 : %2 octets au décalage %3</translation>
    </message>
    <message>
        <source>Its last child has run. The range joins the free list (%1) as block %2, [%3, %4).</source>
        <translation>Son dernier enfant s’est exécuté. La plage rejoint la liste libre (%1) comme bloc %2, [%3, %4).</translation>
    </message>
    <message>
        <source>unbounded</source>
        <translation>illimité</translation>
    </message>
    <message>
        <source>Its last child has run. The range joins the free list (%1) as block %2, the unbounded tail from offset %3.</source>
        <translation>Son dernier enfant s’est exécuté. La plage rejoint la liste libre (%1) comme bloc %2, la fin illimitée à partir du décalage %3.</translation>
    </message>
    <message>
        <source>%1 is a graph output, which ggml 2026 never lets %2 overwrite.</source>
        <translation>%1 est une sortie du graphe, que ggml 2026 ne laisse jamais %2 écraser.</translation>
    </message>
    <message>
        <source>%1 is a view: ggml 2026 takes over only memory this pass allocated itself, never a view&apos;s, so %2 gets memory of its own.</source>
        <translation>%1 est une vue : ggml 2026 ne reprend que la mémoire allouée par cette passe elle-même, jamais celle d&apos;une vue ; %2 reçoit donc sa propre mémoire.</translation>
    </message>
</context>
</TS>
