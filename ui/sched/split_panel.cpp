#include "split_panel.h"

#include "sched/recorded_schedule.h"
#include "session/graph_session.h"
#include "settings/app_settings.h"
#include "split_controller.h"

#include "backend/rpc/rpc_endpoint.h"
#include "model/format.h"

#include <QActionGroup>
#include <QComboBox>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {
QTableView* tableView(QAbstractItemModel* model, const QString& name, QWidget* parent) {
    auto* view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setAlternatingRowColors(true);
    return view;
}
} // namespace

SplitPanel::SplitPanel(GraphSession* session, GraphCanvas* canvas, QWidget* parent)
    : QWidget(parent), m_session(session), m_controller(new SplitController(session, canvas, this)),
      m_backends(new QComboBox(this)), m_addServer(new QToolButton(this)), m_schedule(new QPushButton(tr("Schedule"), this)),
      m_replay(new QPushButton(tr("Replay"), this)), m_run(new QPushButton(tr("Run"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)), m_status(new QLabel(this)), m_tabs(new QTabWidget(this)),
      m_assignView(tableView(m_controller->assignmentModel(), u"assignmentView"_s, this)),
      m_causeView(tableView(m_controller->causeModel(), u"causeView"_s, this)),
      m_timingView(tableView(m_controller->timingModel(), u"timingView"_s, this)), m_outputs(new QPlainTextEdit(this)) {
    setObjectName(u"splitPanel"_s);
    m_backends->setObjectName(u"backendBox"_s);
    m_backends->setToolTip(tr("Backends to schedule and run the graph on, in priority order"));
    for (const BackendChoice& c : SplitController::backendChoices()) m_backends->addItem(c.label, c.list);
    // The list of the last Schedule (one with servers comes back as a choice of its own), else
    // CPU and the first other backend found.
    const AppSettings settings = AppSettings::load();
    const int remembered = m_backends->findData(settings.backends);
    if (remembered < 0 && settings.backends.contains(u"rpc:"_s)) chooseBackends(settings.backends);
    else m_backends->setCurrentIndex(remembered >= 0 ? remembered : std::max(0, m_backends->findData(AppSettings::defaultBackends())));
    m_controller->setBackends(m_backends->currentData().toString());
    m_addServer->setObjectName(u"addServerButton"_s);
    m_addServer->setText(tr("Add RPC Server…"));
    m_addServer->setToolTip(tr("Schedule on an rpc-server of llama.cpp as well (HOST:PORT): its device is "
                               "device 0 of the server"));
    m_status->setObjectName(u"splitStatus"_s);
    m_status->setWordWrap(true);
    m_outputs->setObjectName(u"outputsView"_s);
    m_outputs->setReadOnly(true);
    m_outputs->setLineWrapMode(QPlainTextEdit::NoWrap);

    // The choice on a row of its own: a list with servers has a long name.
    auto* choice = new QHBoxLayout;
    choice->addWidget(m_backends, 1);
    choice->addWidget(m_addServer);
    auto* buttons = new QHBoxLayout;
    for (QPushButton* b : {m_schedule, m_replay, m_run, m_cancel}) buttons->addWidget(b);
    buttons->addStretch(1);
    m_tabs->addTab(m_assignView, tr("Assignment"));
    m_tabs->addTab(m_causeView, tr("Causes"));
    m_causeView->setWordWrap(false);
    m_tabs->addTab(m_timingView, tr("Timing"));
    m_tabs->addTab(m_outputs, tr("Outputs"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(choice);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    layout->addWidget(m_tabs, 1);

    connect(m_backends, &QComboBox::currentIndexChanged, this, [this] {
        m_controller->setBackends(m_backends->currentData().toString());
        AppSettings remembered = AppSettings::load();
        remembered.backends = m_backends->currentData().toString();
        remembered.save();
    });
    connect(m_addServer, &QToolButton::clicked, this, &SplitPanel::showAddServerDialog);
    connect(m_schedule, &QPushButton::clicked, m_controller, &SplitController::scheduleDocument);
    connect(m_replay, &QPushButton::clicked, m_controller, &SplitController::replay);
    connect(m_run, &QPushButton::clicked, m_controller, &SplitController::run);
    connect(m_cancel, &QPushButton::clicked, this, &SplitPanel::cancel);
    connect(m_controller, &SplitController::failed, this, &SplitPanel::serverFailed);
    connect(m_controller, &SplitController::busyChanged, this, &SplitPanel::updateButtons);
    connect(m_controller, &SplitController::replayingChanged, this, &SplitPanel::updateButtons);
    connect(m_controller, &SplitController::documentChanged, this, &SplitPanel::updateButtons);
    connect(m_controller, &SplitController::scheduled, this, [this] {
        m_pendingList.clear(); // the server answered
        if (auto* dock = qobject_cast<QDockWidget*>(parentWidget())) dock->raise(); // tabbed behind others
        m_tabs->setCurrentWidget(m_assignView);
        m_assignView->resizeColumnsToContents();
        m_causeView->resizeColumnsToContents();
        updateButtons();
    });
    connect(m_controller, &SplitController::statusMessage, m_status, &QLabel::setText);
    connect(m_controller, &SplitController::replayStep, this, [this](int row) {
        m_assignView->selectRow(row);
    });
    connect(m_controller, &SplitController::runningSplitChanged, this, [this](int split, int) {
        m_status->setText(tr("Computing split %1…").arg(split));
    });
    connect(m_controller, &SplitController::runFinished, this, [this] {
        m_outputs->setPlainText(m_controller->outputsText());
        m_timingView->resizeColumnsToContents();
        m_tabs->setCurrentWidget(m_timingView);
    });
    // A row names a tensor; the session ignores the copies it does not have.
    connect(m_assignView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (!current.isValid() || m_controller->isReplaying()) return;
                m_session->setSelection(
                    planscope::tensor_id{static_cast<std::size_t>(current.data(AssignmentModel::TensorRole).toULongLong())});
            });
    connect(m_causeView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (!current.isValid()) {
                    emit causeSplitsSelected({});
                    return;
                }
                const qulonglong tensor = current.data(SplitCauseModel::TensorRole).toULongLong();
                if (tensor != qulonglong(-1) && !m_controller->isReplaying())
                    m_session->setSelection(planscope::tensor_id{static_cast<std::size_t>(tensor)});
                emit causeSplitsSelected(current.data(SplitCauseModel::SplitsRole).value<QList<int>>());
            });
    connect(m_controller->causeModel(), &QAbstractItemModel::modelReset, this, [this] { emit causeSplitsSelected({}); });
    updateButtons();
}

void SplitPanel::showCauses() { m_tabs->setCurrentWidget(m_causeView); }

void SplitPanel::chooseBackends(const QString& list) {
    int i = m_backends->findData(list);
    if (i < 0) {
        m_backends->addItem(SplitController::backendListLabel(list), list);
        i = m_backends->count() - 1;
    }
    m_backends->setCurrentIndex(i);
}

void SplitPanel::showAddServerDialog() {
    bool ok = false;
    const QString endpoint = QInputDialog::getText(this, tr("Add RPC Server"), tr("Address of an rpc-server (HOST:PORT):"),
                                                   QLineEdit::Normal, u"127.0.0.1:50052"_s, &ok);
    if (ok) addRpcServer(endpoint);
}

bool SplitPanel::addRpcServer(const QString& endpoint) {
    const QString title = tr("Cannot Add RPC Server");
    auto where = planscope::rpc::parse_endpoint(endpoint.trimmed().toStdString());
    if (!where) {
        emit errorReported(title, tr("%1\n\nThe backends and the schedule are kept.").arg(errorText(where.err())));
        return false;
    }
    const QString text = QString::fromStdString(where->text());
    const QString current = m_backends->currentData().toString();
    if (current.split(u',').contains(u"rpc:"_s + text)) {
        emit errorReported(title, tr("%1 is among the backends already: an rpc-server serves one client at a time.")
                                      .arg(text));
        return false;
    }
    const bool cpuLast = m_session->era().version() == planscope::ggml_version::v2026;
    const QString list = SplitController::listWithServer(current, text, cpuLast);
    m_pendingPrevious = m_backends->currentIndex();
    m_pendingAdded = m_backends->findData(list) < 0;
    chooseBackends(list);
    m_pendingList = list;
    m_controller->scheduleDocument(); // connects on the worker: up to 5 s for a server that does not answer
    return true;
}

void SplitPanel::serverFailed(const QString& message) {
    if (m_pendingList.isEmpty()) return; // another schedule's or run's failure: the status line has it
    const int added = m_backends->findData(m_pendingList);
    m_pendingList.clear();
    m_backends->setCurrentIndex(m_pendingPrevious);
    if (m_pendingAdded && added >= 0 && added != m_backends->currentIndex()) m_backends->removeItem(added);
    emit errorReported(tr("Cannot Schedule on RPC Server"), tr("%1\n\nThe previous backends and schedule are kept.").arg(message));
}

void SplitPanel::cancel() {
    m_pendingList.clear(); // its choice stays: Schedule tries it again
    m_controller->cancel();
}

void SplitPanel::updateButtons() {
    const bool busy = m_controller->isBusy();
    // A model opened on device profiles is scheduled on them, once, when it opens; a capture
    // brings the split its program made.
    const auto& recorded = m_session->recordedSchedule();
    const bool onDevices = recorded != nullptr;
    const bool captured = recorded && recorded->origin == planscope::recorded_origin::capture;
    m_backends->setEnabled(!busy && !onDevices);
    m_addServer->setEnabled(!busy && !onDevices);
    m_schedule->setEnabled(!busy);
    m_schedule->setToolTip(captured    ? tr("Show the split the captured program's scheduler made")
                           : onDevices ? tr("Show the split the document was planned with on its device profiles")
                                       : tr("Split the graph over the backends and replay the assignment"));
    m_replay->setEnabled(!busy && m_controller->schedule());
    // A GGML_SCHED_DEBUG log has a graph without data and names backends of another machine.
    const bool logged = m_session->loggedSchedule() != nullptr;
    m_run->setEnabled(!busy && !logged && !onDevices);
    if (logged)
        m_run->setToolTip(tr("A GGML_SCHED_DEBUG log cannot run: it has the graph and the split assignment "
                             "it printed, not the tensors' data or its backends"));
    else if (captured)
        m_run->setToolTip(tr("A capture holds another program's graph and split, not its tensors' data"));
    else if (onDevices)
        m_run->setToolTip(tr("Device profiles have no kernels: Run computes only on this machine's backends "
                             "(Devices dock: Plan on This Machine)"));
    else
        m_run->setToolTip(tr("Compute the graph on the backends"));
    m_cancel->setEnabled(busy || m_controller->isReplaying()); // a replay jumps to its end
}

} // namespace planscope::ui

namespace planscope::ui {

QMenu* SplitPanel::createMenu(QWidget* parent) {
    auto* menu = new QMenu(tr("S&chedule"), parent);
    menu->setObjectName(u"scheduleMenu"_s);
    QMenu* backends = menu->addMenu(tr("&Backends"));
    auto* group = new QActionGroup(menu);
    // The combo's choices, remade when Add RPC Server adds one.
    const auto fill = [this, backends, group] {
        backends->clear();
        for (int i = 0; i < m_backends->count(); ++i) {
            QAction* a = backends->addAction(m_backends->itemText(i));
            a->setCheckable(true);
            a->setChecked(i == m_backends->currentIndex());
            group->addAction(a);
            connect(a, &QAction::triggered, m_backends, [this, i] { m_backends->setCurrentIndex(i); });
        }
        backends->addSeparator();
        backends->addAction(tr("Add &RPC Server…"), this, &SplitPanel::showAddServerDialog);
    };
    fill();
    connect(m_backends->model(), &QAbstractItemModel::rowsInserted, backends, fill);
    connect(m_backends->model(), &QAbstractItemModel::rowsRemoved, backends, fill);
    connect(m_backends, &QComboBox::currentIndexChanged, backends, [backends](int current) {
        const QList<QAction*> actions = backends->actions();
        for (int i = 0; i < actions.size(); ++i)
            if (actions[i]->isCheckable()) actions[i]->setChecked(i == current);
    });
    QAction* schedule = menu->addAction(tr("&Schedule"), m_controller, &SplitController::scheduleDocument);
    schedule->setShortcut(Qt::Key_F7);
    QAction* replay = menu->addAction(tr("&Replay Assignment"), m_controller, &SplitController::replay);
    replay->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F7));
    QAction* run = menu->addAction(tr("R&un"), m_controller, &SplitController::run);
    run->setShortcut(Qt::Key_F8);
    QAction* cancel = menu->addAction(tr("&Cancel"), this, &SplitPanel::cancel);
    // The menu follows the buttons' enabled state.
    auto sync = [=, this] {
        schedule->setEnabled(m_schedule->isEnabled());
        replay->setEnabled(m_replay->isEnabled());
        run->setEnabled(m_run->isEnabled());
        run->setToolTip(m_run->toolTip());
        cancel->setEnabled(m_cancel->isEnabled());
        backends->setEnabled(m_backends->isEnabled());
    };
    connect(m_controller, &SplitController::busyChanged, menu, sync);
    connect(m_controller, &SplitController::replayingChanged, menu, sync);
    connect(m_controller, &SplitController::scheduled, menu, sync);
    connect(m_controller, &SplitController::documentChanged, menu, sync);
    sync();
    return menu;
}

} // namespace planscope::ui
