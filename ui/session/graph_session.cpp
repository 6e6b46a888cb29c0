#include "graph_session.h"

#include "graph_observer.h"
#include "io/graph_json.h"
#include "io/graph_source.h"
#include "model/format.h"
#include "models/templates.h"

#include <QFileInfo>
#include <QThread>

#include <algorithm>
#include <memory>

namespace planscope::ui {

namespace {
using load_result = planscope::result<planscope::graph_document>;

std::filesystem::path toPath(const QString& path) { return std::filesystem::path(path.toStdU16String()); }
} // namespace

GraphSession::GraphSession(QObject* parent) : QObject(parent) {}

GraphSession::~GraphSession() {
    // Workers are children; each must end before the QObject destructor deletes it.
    for (QThread* worker : findChildren<QThread*>(Qt::FindDirectChildrenOnly)) worker->wait();
}

QString GraphSession::displayName() const {
    if (!m_doc.name.empty()) return toQString(m_doc.name);
    return QFileInfo(m_filePath).completeBaseName();
}

template <class F>
void GraphSession::notify(F&& f) {
    // A copy: an observer may remove itself while being notified.
    const auto observers = m_observers;
    for (IGraphObserver* o : observers) f(*o);
}

void GraphSession::setDocument(planscope::graph_document doc, const QString& filePath) {
    m_doc = std::move(doc);
    m_filePath = filePath;
    m_summary = summarizeGraph(m_doc);
    m_selection = {};
    notify([this](IGraphObserver& o) { o.onGraphLoaded(m_doc); });
}

bool GraphSession::openTemplate(const QString& name) {
    auto made = planscope::make_template(name.toStdString());
    if (!made) {
        emit loadFailed(name, toQString(made.err().message));
        return false;
    }
    setDocument(std::move(made).value());
    emit loadFinished(name);
    return true;
}

void GraphSession::openFile(const QString& path) {
    const quint64 generation = ++m_lastGeneration;
    m_pendingGeneration = generation;
    emit loadStarted(path);

    QThread* worker = QThread::create([this, path, generation] {
        auto loaded = std::make_shared<load_result>(planscope::open_graph_source(path.toStdString()));
        // Queued to the GUI thread; dropped with the session if it is gone by then.
        QMetaObject::invokeMethod(
            this,
            [this, path, generation, loaded] {
                if (generation != m_lastGeneration) return; // a newer open superseded this one
                m_pendingGeneration = 0;
                if (!*loaded) {
                    emit loadFailed(path, toQString(loaded->err().message));
                    return;
                }
                setDocument(std::move(loaded->value()), path);
                emit loadFinished(path);
            },
            Qt::QueuedConnection);
    });
    worker->setParent(this);
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

bool GraphSession::saveAs(const QString& path) {
    if (auto s = planscope::save_graph_json_file(m_doc, toPath(path)); !s) {
        emit saveFailed(path, toQString(s.err().message));
        return false;
    }
    m_filePath = path;
    emit saved(path);
    return true;
}

void GraphSession::setSelection(planscope::tensor_id tensor) {
    if (!m_doc.ctx.contains(tensor)) tensor = {};
    if (tensor == m_selection) return;
    m_selection = tensor;
    notify([tensor](IGraphObserver& o) { o.onSelectionChanged(tensor); });
}

void GraphSession::addObserver(IGraphObserver* observer) {
    if (std::find(m_observers.begin(), m_observers.end(), observer) == m_observers.end())
        m_observers.push_back(observer);
}

void GraphSession::removeObserver(IGraphObserver* observer) {
    std::erase(m_observers, observer);
}

} // namespace planscope::ui
