#pragma once
// SIGINT and SIGTERM close the main window as File > Quit does (its layout saved, the canvas'
// layout process stopped) instead of killing the app: Ctrl+C in the terminal it runs from.
class QWidget;

void quitOnSignals(QWidget& window);
