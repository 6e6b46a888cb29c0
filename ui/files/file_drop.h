#pragma once
// Drag and drop of graph files onto the main window: a .json graph, .gguf model or .dot dump
// dropped anywhere on it (the canvas included) is opened.
#include <QObject>
#include <QString>

class QMimeData;

namespace planscope::ui {

// True for a name ending in .json, .gguf or .dot (any case): what File > Open reads.
bool isOpenableFile(const QString& path);
// The first local file among the dragged URLs that isOpenableFile, else an empty string.
QString openableFile(const QMimeData* mime);

// An event filter for the window and its canvas viewport: accepts a drag carrying an openable
// file and emits fileDropped on the drop; other drags are left to the watched widget.
class FileDropFilter final : public QObject {
    Q_OBJECT

public:
    explicit FileDropFilter(QObject* parent = nullptr) : QObject(parent) {}
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void fileDropped(const QString& path);
};

} // namespace planscope::ui
