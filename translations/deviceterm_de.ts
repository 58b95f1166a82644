<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>QObject</name>
    <message>
        <source>deviceterm</source>
        <translation>deviceterm</translation>
    </message>
    <message>
        <source>Running: %1. Kept devices run on without a pane; attach them again from Device ▸ Boot or with deviceterm device attach.</source>
        <translation>Laufend: %1. Behaltene Geräte laufen ohne Bereich weiter; verbinden Sie sie wieder über Gerät ▸ Starten oder mit deviceterm device attach.</translation>
    </message>
    <message>
        <source>Don&apos;t ask again</source>
        <translation>Nicht mehr fragen</translation>
    </message>
    <message>
        <source>Keep the devices running after closing?</source>
        <translation>Die Geräte nach dem Schließen weiterlaufen lassen?</translation>
    </message>
    <message>
        <source>Shut Down</source>
        <translation>Herunterfahren</translation>
    </message>
    <message>
        <source>Keep the devices running after deviceterm quits?</source>
        <translation>Die Geräte nach dem Beenden von deviceterm weiterlaufen lassen?</translation>
    </message>
    <message>
        <source>Shut Down All &amp;&amp; Quit</source>
        <translation>Alle herunterfahren &amp;&amp; beenden</translation>
    </message>
    <message>
        <source>Grant Orchestration</source>
        <translation>Orchestrierung freigeben</translation>
    </message>
    <message>
        <source>Let the programs in “%1” type into and read other tabs?</source>
        <translation>Den Programmen in „%1“ erlauben, in andere Tabs zu tippen und sie zu lesen?</translation>
    </message>
    <message>
        <source>Only grant this to a tab you are using to run an agent or script you trust. Private tabs stay hidden from it. You can revoke it any time from the Shell menu.</source>
        <translation>Geben Sie das nur für einen Tab frei, in dem Sie einen Agenten oder ein Skript ausführen, dem Sie vertrauen. Private Tabs bleiben davor verborgen. Sie können die Freigabe jederzeit im Menü Shell entziehen.</translation>
    </message>
    <message>
        <source>&amp;Grant</source>
        <translation>&amp;Freigeben</translation>
    </message>
    <message>
        <source>Keep Devices Running</source>
        <translation>Geräte weiterlaufen lassen</translation>
    </message>
</context>
<context>
    <name>dt::desktop::DbusNotifier</name>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
</context>
<context>
    <name>dt::ui::AboutDialog</name>
    <message>
        <source>About deviceterm</source>
        <translation>Über deviceterm</translation>
    </message>
    <message>
        <source>&lt;h3&gt;deviceterm %1&lt;/h3&gt;&lt;p&gt;A terminal for people who build software for devices, and for the coding agents that work beside them.&lt;/p&gt;&lt;p&gt;Built with Qt %2 and libvterm.&lt;/p&gt;&lt;p&gt;Released under the MIT licence.&lt;/p&gt;&lt;p&gt;&lt;a href=&quot;%3&quot;&gt;%3&lt;/a&gt;&lt;/p&gt;</source>
        <translation>&lt;h3&gt;deviceterm %1&lt;/h3&gt;&lt;p&gt;Ein Terminal für Menschen, die Software für Geräte entwickeln, und für die Coding-Agenten, die neben ihnen arbeiten.&lt;/p&gt;&lt;p&gt;Gebaut mit Qt %2 und libvterm.&lt;/p&gt;&lt;p&gt;Veröffentlicht unter der MIT-Lizenz.&lt;/p&gt;&lt;p&gt;&lt;a href=&quot;%3&quot;&gt;%3&lt;/a&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
</context>
<context>
    <name>dt::ui::CommandNotices</name>
    <message numerus="yes">
        <source>%1
(after %n second(s))</source>
        <translation>
            <numerusform>%1
(nach %n Sekunde)</numerusform>
            <numerusform>%1
(nach %n Sekunden)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: command finished</source>
        <translation>%1: Befehl beendet</translation>
    </message>
    <message>
        <source>%1: command succeeded</source>
        <translation>%1: Befehl erfolgreich</translation>
    </message>
    <message>
        <source>%1: command failed with exit status %2</source>
        <translation>%1: Befehl mit Exit-Status %2 fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>dt::ui::ConfigWarningBar</name>
    <message>
        <source>Dismiss</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <source>Dismiss the settings warning</source>
        <translation>Die Warnung zu den Einstellungen ausblenden</translation>
    </message>
    <message>
        <source>Settings warning</source>
        <translation>Warnung zu den Einstellungen</translation>
    </message>
    <message numerus="yes">
        <source>%1 has %n problem(s), ignored until fixed: %2</source>
        <translation>
            <numerusform>%1 hat %n Fehler, bis zur Korrektur ignoriert: %2</numerusform>
            <numerusform>%1 hat %n Fehler, bis zur Korrektur ignoriert: %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dt::ui::DeviceMenu</name>
    <message>
        <source>&amp;Device</source>
        <translation>&amp;Gerät</translation>
    </message>
    <message>
        <source>New Device</source>
        <translation>Neues Gerät</translation>
    </message>
    <message>
        <source>My Phone</source>
        <translation>Mein Telefon</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>Art:</translation>
    </message>
    <message>
        <source>Create and Boot</source>
        <translation>Anlegen und starten</translation>
    </message>
    <message>
        <source>&amp;New Device…</source>
        <translation>&amp;Neues Gerät…</translation>
    </message>
    <message>
        <source>&amp;Boot</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>No devices yet</source>
        <translation>Noch keine Geräte</translation>
    </message>
    <message>
        <source>&amp;Home</source>
        <translation>&amp;Home</translation>
    </message>
    <message>
        <source>&amp;Lock</source>
        <translation>S&amp;perren</translation>
    </message>
    <message>
        <source>Volume &amp;Up</source>
        <translation>Lau&amp;ter</translation>
    </message>
    <message>
        <source>Volume Do&amp;wn</source>
        <translation>Le&amp;iser</translation>
    </message>
    <message>
        <source>&amp;Shut Down</source>
        <translation>&amp;Ausschalten</translation>
    </message>
    <message>
        <source>Rotate &amp;Right</source>
        <translation>Nach &amp;rechts drehen</translation>
    </message>
    <message>
        <source>%1 · running, attach</source>
        <translation>%1 · läuft, anhängen</translation>
    </message>
    <message>
        <source>%1 · running</source>
        <translation>%1 · läuft</translation>
    </message>
    <message>
        <source>Bac&amp;k</source>
        <translation>&amp;Zurück</translation>
    </message>
    <message>
        <source>Rotate L&amp;eft</source>
        <translation>Nach lin&amp;ks drehen</translation>
    </message>
</context>
<context>
    <name>dt::ui::DevicePaneView</name>
    <message>
        <source>Reboot</source>
        <translation>Neu starten</translation>
    </message>
    <message>
        <source>Close Pane</source>
        <translation>Bereich schließen</translation>
    </message>
    <message>
        <source>shut down</source>
        <translation>ausgeschaltet</translation>
    </message>
    <message>
        <source>booting</source>
        <translation>startet</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>Shut down</source>
        <translation>Ausgeschaltet</translation>
    </message>
    <message>
        <source>Booting…</source>
        <translation>Startet …</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Home button</source>
        <translation>Home-Taste</translation>
    </message>
    <message>
        <source>Lock button</source>
        <translation>Sperrtaste</translation>
    </message>
    <message>
        <source>Rotate left</source>
        <translation>Nach links drehen</translation>
    </message>
    <message>
        <source>Rotate right</source>
        <translation>Nach rechts drehen</translation>
    </message>
    <message>
        <source>The screen is being recorded into %1</source>
        <translation>Der Bildschirm wird in %1 aufgezeichnet</translation>
    </message>
    <message>
        <source>REC</source>
        <translation>REC</translation>
    </message>
    <message>
        <source>Device %1</source>
        <translation>Gerät %1</translation>
    </message>
</context>
<context>
    <name>dt::ui::FindBar</name>
    <message>
        <source>Match &amp;case</source>
        <translation>&amp;Groß-/Kleinschreibung</translation>
    </message>
    <message>
        <source>Find in terminal</source>
        <translation>Im Terminal suchen</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>Vorheriger Treffer (Umschalt+Eingabe)</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>Nächster Treffer (Eingabe)</translation>
    </message>
    <message>
        <source>Close (Escape)</source>
        <translation>Schließen (Escape)</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>Keine Treffer</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Previous match</source>
        <translation>Vorheriger Treffer</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>Nächster Treffer</translation>
    </message>
    <message>
        <source>Close the find bar</source>
        <translation>Suchleiste schließen</translation>
    </message>
</context>
<context>
    <name>dt::ui::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>New &amp;Tab</source>
        <translation>Neuer &amp;Tab</translation>
    </message>
    <message>
        <source>&amp;Close Tab</source>
        <translation>Tab &amp;schließen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>B&amp;eenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Einfügen</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>Alles a&amp;uswählen</translation>
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
        <source>&amp;Next Tab</source>
        <translation>&amp;Nächster Tab</translation>
    </message>
    <message>
        <source>&amp;Previous Tab</source>
        <translation>&amp;Vorheriger Tab</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About deviceterm</source>
        <translation>Ü&amp;ber deviceterm</translation>
    </message>
    <message>
        <source>%1 (exited)</source>
        <translation>%1 (beendet)</translation>
    </message>
    <message>
        <source>%1 — deviceterm</source>
        <translation>%1 — deviceterm</translation>
    </message>
    <message>
        <source>deviceterm</source>
        <translation>deviceterm</translation>
    </message>
    <message>
        <source>Rename Tab</source>
        <translation>Tab umbenennen</translation>
    </message>
    <message>
        <source>Tab name (leave empty to follow the program&apos;s title):</source>
        <translation>Tab-Name (leer lassen, um dem Titel des Programms zu folgen):</translation>
    </message>
    <message>
        <source>New &amp;Window</source>
        <translation>Neues &amp;Fenster</translation>
    </message>
    <message>
        <source>Close W&amp;indow</source>
        <translation>Fenster s&amp;chließen</translation>
    </message>
    <message>
        <source>&amp;Duplicate Tab</source>
        <translation>Tab &amp;duplizieren</translation>
    </message>
    <message>
        <source>Close &amp;Other Tabs</source>
        <translation>&amp;Andere Tabs schließen</translation>
    </message>
    <message>
        <source>&amp;Move Tab to New Window</source>
        <translation>Tab in neues &amp;Fenster verschieben</translation>
    </message>
    <message>
        <source>Split &amp;Right</source>
        <translation>&amp;Rechts teilen</translation>
    </message>
    <message>
        <source>Close &amp;Pane</source>
        <translation>&amp;Bereich schließen</translation>
    </message>
    <message>
        <source>&amp;Zoom Pane</source>
        <translation>Bereich &amp;maximieren</translation>
    </message>
    <message>
        <source>&amp;Equalize Panes</source>
        <translation>Bereiche &amp;angleichen</translation>
    </message>
    <message>
        <source>Focus Pane &amp;Left</source>
        <translation>Bereich &amp;links fokussieren</translation>
    </message>
    <message>
        <source>Focus Pane R&amp;ight</source>
        <translation>Bereich &amp;rechts fokussieren</translation>
    </message>
    <message>
        <source>Focus Pane &amp;Above</source>
        <translation>Bereich &amp;oben fokussieren</translation>
    </message>
    <message>
        <source>Focus Pane &amp;Below</source>
        <translation>Bereich &amp;unten fokussieren</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>&amp;Vollbild</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Last Tab</source>
        <translation>Letzter Tab</translation>
    </message>
    <message>
        <source>Tab %1</source>
        <translation>Tab %1</translation>
    </message>
    <message>
        <source>&amp;Shell</source>
        <translation>&amp;Shell</translation>
    </message>
    <message>
        <source>&amp;Window</source>
        <translation>&amp;Fenster</translation>
    </message>
    <message>
        <source>Move Tab to &amp;Window</source>
        <translation>Tab in &amp;Fenster verschieben</translation>
    </message>
    <message>
        <source>Window %1: %2</source>
        <translation>Fenster %1: %2</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>&amp;Suchen…</translation>
    </message>
    <message>
        <source>Find &amp;Next</source>
        <translation>&amp;Weitersuchen</translation>
    </message>
    <message>
        <source>Find Pre&amp;vious</source>
        <translation>&amp;Rückwärts suchen</translation>
    </message>
    <message>
        <source>Quit deviceterm?</source>
        <translation>deviceterm beenden?</translation>
    </message>
    <message>
        <source>Close the other tabs?</source>
        <translation>Die anderen Tabs schließen?</translation>
    </message>
    <message>
        <source>Close this pane?</source>
        <translation>Diesen Bereich schließen?</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>E&amp;instellungen…</translation>
    </message>
    <message>
        <source>Still running: %1</source>
        <translation>Läuft noch: %1</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Close this tab?</source>
        <translation>Diesen Tab schließen?</translation>
    </message>
    <message>
        <source>Close this window?</source>
        <translation>Dieses Fenster schließen?</translation>
    </message>
    <message>
        <source>Open &amp;Orchestrator Tab</source>
        <translation>&amp;Orchestrator-Tab öffnen</translation>
    </message>
    <message>
        <source>Orchestration &amp;Grant</source>
        <translation>Orchestrierungs&amp;freigabe</translation>
    </message>
    <message>
        <source>Orchestrator tab: programs here may type into and read other tabs.</source>
        <translation>Orchestrator-Tab: Programme hier dürfen in andere Tabs tippen und sie lesen.</translation>
    </message>
    <message>
        <source>Private tab: hidden from the scripts of every other tab.</source>
        <translation>Privater Tab: vor den Skripten aller anderen Tabs verborgen.</translation>
    </message>
    <message>
        <source>Set &amp;Public</source>
        <translation>&amp;Öffentlich machen</translation>
    </message>
    <message>
        <source>Set &amp;Private</source>
        <translation>&amp;Privat machen</translation>
    </message>
    <message>
        <source>Revoke Orchestration &amp;Grant</source>
        <translation>Orchestrierungs&amp;freigabe entziehen</translation>
    </message>
    <message>
        <source>&amp;Grant Orchestration</source>
        <translation>Orchestrierung &amp;freigeben</translation>
    </message>
    <message>
        <source>Pri&amp;vate Tab</source>
        <translation>&amp;Privater Tab</translation>
    </message>
    <message>
        <source>Private tab — deviceterm</source>
        <translation>Privater Tab — deviceterm</translation>
    </message>
    <message>
        <source>Close &amp;Pane and Window</source>
        <translation>&amp;Bereich und Fenster schließen</translation>
    </message>
    <message>
        <source>Close &amp;Pane and Tab</source>
        <translation>&amp;Bereich und Tab schließen</translation>
    </message>
    <message numerus="yes">
        <source>Close this tab and its %n terminals?</source>
        <translation>
            <numerusform>Diesen Tab und sein %n Terminal schließen?</numerusform>
            <numerusform>Diesen Tab und seine %n Terminals schließen?</numerusform>
        </translation>
    </message>
    <message>
        <source>Close Tab</source>
        <translation>Tab schließen</translation>
    </message>
    <message>
        <source>Copy &amp;Output of Last Command</source>
        <translation>&amp;Ausgabe des letzten Befehls kopieren</translation>
    </message>
    <message>
        <source>Previous &amp;Prompt</source>
        <translation>Vorherige &amp;Eingabeaufforderung</translation>
    </message>
    <message>
        <source>Next P&amp;rompt</source>
        <translation>Nächste Eingabeauf&amp;forderung</translation>
    </message>
    <message>
        <source>Re&amp;name Tab…</source>
        <translation>Tab umbe&amp;nennen…</translation>
    </message>
    <message>
        <source>Split Do&amp;wn</source>
        <translation>&amp;Unten teilen</translation>
    </message>
    <message>
        <source>Clear Scroll&amp;back</source>
        <translation>&amp;Verlauf löschen</translation>
    </message>
    <message>
        <source>Reset &amp;Zoom</source>
        <translation>&amp;Normalgröße</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>&amp;Reset Terminal</source>
        <translation>Terminal &amp;zurücksetzen</translation>
    </message>
    <message numerus="yes">
        <source>This tab holds %n device(s).</source>
        <translation>
            <numerusform>Dieser Tab enthält %n Gerät.</numerusform>
            <numerusform>Dieser Tab enthält %n Geräte.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dt::ui::SettingsDialog</name>
    <message>
        <source>Ask before closing a tab or window where a program is still running</source>
        <translation>Vor dem Schließen eines Tabs oder Fensters fragen, in dem noch ein Programm läuft</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source> lines</source>
        <translation> Zeilen</translation>
    </message>
    <message>
        <source>Close the pane</source>
        <translation>Den Bereich schließen</translation>
    </message>
    <message>
        <source>Keep it, showing how it ended</source>
        <translation>Behalten und zeigen, wie es endete</translation>
    </message>
    <message>
        <source>Close it after a clean exit, keep it after a failure</source>
        <translation>Nach sauberem Ende schließen, nach einem Fehler behalten</translation>
    </message>
    <message>
        <source>&amp;Font:</source>
        <translation>&amp;Schrift:</translation>
    </message>
    <message>
        <source>Font &amp;size:</source>
        <translation>Schrift&amp;größe:</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Farbschema:</translation>
    </message>
    <message>
        <source>Scroll&amp;back:</source>
        <translation>&amp;Verlauf:</translation>
    </message>
    <message>
        <source>When a program &amp;exits:</source>
        <translation>Wenn ein Programm &amp;endet:</translation>
    </message>
    <message>
        <source>Saved in %1</source>
        <translation>Gespeichert in %1</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>%1 konnte nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Ask before closing a tab of several &amp;panes</source>
        <translation>Vor dem Schließen eines Tabs mit mehreren &amp;Bereichen fragen</translation>
    </message>
    <message>
        <source>Closing a tab with &amp;devices:</source>
        <translation>Tab mit Geräten sch&amp;ließen:</translation>
    </message>
    <message>
        <source>Ask each time</source>
        <translation>Jedes Mal fragen</translation>
    </message>
    <message>
        <source>Leave them running</source>
        <translation>Weiterlaufen lassen</translation>
    </message>
    <message>
        <source>Shut them down</source>
        <translation>Ausschalten</translation>
    </message>
    <message>
        <source>&amp;Quitting with devices:</source>
        <translation>Beenden &amp;mit Geräten:</translation>
    </message>
    <message>
        <source>Keep them for the next deviceterm</source>
        <translation>Für das nächste deviceterm behalten</translation>
    </message>
    <message>
        <source>&amp;Notify when a command in another tab ran:</source>
        <translation>Be&amp;nachrichtigen, wenn ein Befehl in einem anderen Tab lief:</translation>
    </message>
    <message>
        <source> s or longer</source>
        <translation> s oder länger</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>Programs may set the &amp;clipboard (OSC 52)</source>
        <translation>Programme dürfen die &amp;Zwischenablage setzen (OSC 52)</translation>
    </message>
    <message>
        <source>Shell &amp;integration: prompts, commands and their exit statuses</source>
        <translation>Shell-&amp;Integration: Eingabeaufforderungen, Befehle und ihr Exit-Status</translation>
    </message>
    <message>
        <source>&amp;Output brings a view scrolled back in history down to the bottom</source>
        <translation>&amp;Ausgabe holt eine im Verlauf zurückgescrollte Ansicht ans Ende</translation>
    </message>
    <message>
        <source>&amp;Mark the focused pane:</source>
        <translation>Fokussierten Bereich &amp;hervorheben:</translation>
    </message>
    <message>
        <source>With an accent border</source>
        <translation>Mit einem farbigen Rahmen</translation>
    </message>
    <message>
        <source>By fading the other panes</source>
        <translation>Durch Abblenden der anderen Bereiche</translation>
    </message>
    <message>
        <source>Not at all</source>
        <translation>Gar nicht</translation>
    </message>
</context>
<context>
    <name>dt::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Search actions and keys</source>
        <translation>Aktionen und Tasten suchen</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Tabs</source>
        <translation>Tabs</translation>
    </message>
    <message>
        <source>Terminal</source>
        <translation>Terminal</translation>
    </message>
    <message>
        <source>Scroll up a page</source>
        <translation>Eine Seite nach oben blättern</translation>
    </message>
    <message>
        <source>Scroll down a page</source>
        <translation>Eine Seite nach unten blättern</translation>
    </message>
    <message>
        <source>Scroll to the start of the history</source>
        <translation>Zum Anfang des Verlaufs blättern</translation>
    </message>
    <message>
        <source>Scroll to the bottom</source>
        <translation>Ans Ende blättern</translation>
    </message>
    <message>
        <source>Paste the primary selection</source>
        <translation>Die primäre Auswahl einfügen</translation>
    </message>
    <message>
        <source>, middle click</source>
        <translation>, mittlere Maustaste</translation>
    </message>
    <message>
        <source>Open a link</source>
        <translation>Einen Link öffnen</translation>
    </message>
    <message>
        <source>Ctrl+click</source>
        <translation>Strg+Klick</translation>
    </message>
    <message>
        <source>Select where the program takes the mouse</source>
        <translation>Auswählen, wo das Programm die Maus nutzt</translation>
    </message>
    <message>
        <source>Shift+drag</source>
        <translation>Umschalt+Ziehen</translation>
    </message>
    <message>
        <source>Find bar</source>
        <translation>Suchleiste</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>Nächster Treffer</translation>
    </message>
    <message>
        <source>Previous match</source>
        <translation>Vorheriger Treffer</translation>
    </message>
    <message>
        <source>Close the find bar</source>
        <translation>Suchleiste schließen</translation>
    </message>
    <message>
        <source>Every other key goes to the program in the terminal.</source>
        <translation>Alle anderen Tasten gehen an das Programm im Terminal.</translation>
    </message>
</context>
<context>
    <name>dt::ui::TabView</name>
    <message>
        <source>The program was terminated by signal %1 (%2).</source>
        <translation>Das Programm wurde durch Signal %1 (%2) beendet.</translation>
    </message>
    <message>
        <source>The program exited with status %1.</source>
        <translation>Das Programm wurde mit Status %1 beendet.</translation>
    </message>
    <message>
        <source>Close the pane with Ctrl+Shift+W.</source>
        <translation>Schließen Sie den Bereich mit Strg+Umschalt+W.</translation>
    </message>
    <message>
        <source>Orchestrator tab: programs here can type into other tabs and read them.</source>
        <translation>Orchestrator-Tab: Programme hier können in andere Tabs tippen und sie lesen.</translation>
    </message>
</context>
<context>
    <name>dt::ui::TerminalView</name>
    <message>
        <source>%1
Ctrl+click to open</source>
        <translation>%1
Strg+Klick zum Öffnen</translation>
    </message>
    <message>
        <source>&amp;Open Link</source>
        <translation>Link ö&amp;ffnen</translation>
    </message>
    <message>
        <source>&amp;Copy Link Address</source>
        <translation>Link-Adresse &amp;kopieren</translation>
    </message>
    <message>
        <source>%1
Copy it from the context menu</source>
        <translation>%1
Über das Kontextmenü kopieren</translation>
    </message>
    <message>
        <source>Terminal</source>
        <translation>Terminal</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>A terminal for people who build software for devices.</source>
        <translation>Ein Terminal für alle, die Software für Geräte entwickeln.</translation>
    </message>
    <message>
        <source>Start in directory &lt;dir&gt;.</source>
        <translation>Im Verzeichnis &lt;dir&gt; starten.</translation>
    </message>
    <message>
        <source>Font family (default: the system fixed font).</source>
        <translation>Schriftfamilie (Standard: die feste Systemschrift).</translation>
    </message>
    <message>
        <source>Colour theme: dark or light.</source>
        <translation>Farbschema: dark (dunkel) oder light (hell).</translation>
    </message>
    <message>
        <source>When the program exits: close, keep, or keep-on-error.</source>
        <translation>Wenn das Programm endet: close (schließen), keep (behalten) oder keep-on-error (bei Fehler behalten).</translation>
    </message>
    <message>
        <source>Initial size in cells, e.g. 100x30.</source>
        <translation>Anfangsgröße in Zellen, z. B. 100x30.</translation>
    </message>
    <message>
        <source>Serve automation on this socket (default: in the runtime directory).</source>
        <translation>Automatisierung über diesen Socket anbieten (Standard: im Laufzeitverzeichnis).</translation>
    </message>
    <message>
        <source>Open the first tab as an orchestrator tab.</source>
        <translation>Den ersten Tab als Orchestrator-Tab öffnen.</translation>
    </message>
    <message>
        <source>Name the first tab &lt;title&gt; (as xterm&apos;s -T).</source>
        <translation>Den ersten Tab &lt;title&gt; nennen (wie -T bei xterm).</translation>
    </message>
    <message>
        <source>Keep terminals open after their program exits (as --on-exit keep).</source>
        <translation>Terminals nach dem Ende ihres Programms offen halten (wie --on-exit keep).</translation>
    </message>
    <message>
        <source>Lines of scrollback per terminal, from 0 to 1000000.</source>
        <translation>Zeilen des Verlaufs je Terminal, von 0 bis 1000000.</translation>
    </message>
    <message>
        <source>Run &lt;command&gt; [args…] instead of the shell; a single word with spaces is run by /bin/sh -c.</source>
        <translation>&lt;command&gt; [args…] statt der Shell ausführen; ein einzelnes Wort mit Leerzeichen führt /bin/sh -c aus.</translation>
    </message>
    <message>
        <source>Font size in points, from %1 to %2.</source>
        <translation>Schriftgröße in Punkt, von %1 bis %2.</translation>
    </message>
</context>
</TS>
