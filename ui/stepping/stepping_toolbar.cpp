#include "stepping_toolbar.h"

#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "step_controller.h"

#include <QAction>
#include <QCoreApplication>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QPainter>
#include <QPixmap>
#include <QStyle>
#include <QToolButton>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

// A debugger's breakpoint: a red dot, on a transparent 32 px square.
QPixmap breakpointPixmap() {
    QPixmap pixmap(32, 32);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(QColor(0x8b, 0x1a, 0x1a), 2));
    painter.setBrush(QColor(0xd9, 0x30, 0x30));
    painter.drawEllipse(QRectF(5, 5, 22, 22));
    return pixmap;
}

// Clearing them: the dot crossed out.
QIcon clearBreakpointsIcon() {
    QPixmap pixmap = breakpointPixmap();
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(QColor(0x30, 0x30, 0x30), 3, Qt::SolidLine, Qt::RoundCap));
    painter.drawLine(QPointF(7, 7), QPointF(25, 25));
    painter.drawLine(QPointF(25, 7), QPointF(7, 25));
    return QIcon(pixmap);
}

} // namespace

SteppingToolBar::SteppingToolBar(StepController* controller, QWidget* parent)
    : QToolBar(tr("Stepping"), parent), m_controller(controller), m_stepBox(new QSpinBox(this)),
      m_slider(new QSlider(Qt::Horizontal, this)), m_count(new QLabel(this)), m_speed(new QSpinBox(this)) {
    setObjectName(u"steppingToolBar"_s);
    createActions();

    m_stepBox->setObjectName(u"stepBox"_s);
    m_stepBox->setToolTip(tr("Jump to step (events applied)"));
    m_stepBox->setKeyboardTracking(false);
    connect(m_stepBox, &QSpinBox::valueChanged, m_controller, &StepController::jumpTo);
    m_slider->setObjectName(u"stepSlider"_s);
    m_slider->setMinimumWidth(100);
    connect(m_slider, &QSlider::valueChanged, m_controller, &StepController::jumpTo);
    m_speed->setObjectName(u"speedBox"_s);
    m_speed->setRange(StepController::minSpeed, StepController::maxSpeed);
    m_speed->setValue(m_controller->speed());
    m_speed->setSuffix(tr(" steps/s"));
    m_speed->setToolTip(tr("Playback speed"));
    connect(m_speed, &QSpinBox::valueChanged, m_controller, &StepController::setSpeed);

    addAction(m_runToStart);
    addAction(m_stepBack);
    addAction(m_play);
    addAction(m_step);
    addAction(m_runToEnd);
    addSeparator();
    addWidget(m_stepBox);
    addWidget(m_count);
    addWidget(m_slider);
    addWidget(m_speed);
    addSeparator();
    addAction(m_tensorBreak);
    auto* kinds = new QToolButton(this);
    kinds->setText(tr("Break On"));
    kinds->setToolTip(tr("Breakpoints on event kinds"));
    kinds->setMenu(m_kindMenu);
    kinds->setPopupMode(QToolButton::InstantPopup);
    addWidget(kinds);
    addAction(m_clearBreaks);

    GraphSession* session = m_controller->session();
    connect(session, &GraphSession::planStarted, this, [this] { updateEnabled(); });
    // The document's plan may arrive while the scheduled trace is shown: no onPlanReady then.
    connect(session, &GraphSession::planFinished, this, [this] { updateEnabled(); });
    connect(m_controller, &StepController::playingChanged, m_play, &QAction::setChecked);
    connect(m_controller, &StepController::breakpointsChanged, this, &SteppingToolBar::updateTensorBreakpointAction);
    session->addObserver(this);
    updateEnabled();
}

SteppingToolBar::~SteppingToolBar() { m_controller->session()->removeObserver(this); }

void SteppingToolBar::createActions() {
    const auto action = [this](const QString& text, QStyle::StandardPixmap icon, const QKeySequence& key, auto slot) {
        auto* a = new QAction(style()->standardIcon(icon), text, this);
        a->setShortcut(key);
        // toolTip() is the text without its '&' until one is set.
        a->setToolTip(a->toolTip() + u" ("_s + key.toString(QKeySequence::NativeText) + u')');
        connect(a, &QAction::triggered, m_controller, slot);
        return a;
    };
    m_play = new QAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Play / Pause"), this);
    m_play->setCheckable(true);
    m_play->setShortcut(Qt::Key_F5);
    m_play->setToolTip(tr("Play / Pause (F5)"));
    connect(m_play, &QAction::triggered, m_controller, &StepController::setPlaying);
    m_stepBack = action(tr("Step &Back"), QStyle::SP_MediaSeekBackward, QKeySequence(Qt::SHIFT | Qt::Key_F10),
                        &StepController::stepBack);
    m_step = action(tr("&Step", "action: one event forward"), QStyle::SP_MediaSeekForward, QKeySequence(Qt::Key_F10),
                    &StepController::stepForward);
    m_runToEnd = action(tr("Run to &Breakpoint or End"), QStyle::SP_MediaSkipForward,
                        QKeySequence(Qt::CTRL | Qt::Key_F5), &StepController::runToEnd);
    m_runToStart = action(tr("Run Back to Breakpoint or S&tart"), QStyle::SP_MediaSkipBackward,
                          QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F5), &StepController::runToStart);

    // Menu only: the tool bar's row is full.
    m_first = new QAction(tr("&First Step"), this);
    m_first->setShortcut(Qt::Key_Home);
    connect(m_first, &QAction::triggered, m_controller, [this] { m_controller->jumpTo(0); });
    m_last = new QAction(tr("&Last Step"), this);
    m_last->setShortcut(Qt::Key_End);
    connect(m_last, &QAction::triggered, m_controller, &StepController::jumpToLast);

    // Icons in the tool bar (their texts are long, and the What-If bar shares the row); the texts in menus.
    m_tensorBreak = new QAction(QIcon(breakpointPixmap()), tr("Toggle &Breakpoint on Tensor"), this);
    m_tensorBreak->setObjectName(u"tensorBreakpointAction"_s);
    m_tensorBreak->setToolTip(tr("Toggle Breakpoint on the Selected Tensor (F9)"));
    m_tensorBreak->setShortcut(Qt::Key_F9);
    m_tensorBreak->setCheckable(true);
    connect(m_tensorBreak, &QAction::triggered, this,
            [this] { m_controller->toggleTensorBreakpoint(m_controller->session()->selection()); });
    m_clearBreaks = new QAction(clearBreakpointsIcon(), tr("&Clear Breakpoints"), this);
    connect(m_clearBreaks, &QAction::triggered, m_controller, &StepController::clearBreakpoints);

    m_kindMenu = new QMenu(tr("Break On &Event"), this);
    for (const EventBreakKind& kind : eventBreakKinds()) {
        QAction* a = m_kindMenu->addAction(QCoreApplication::translate("planscope::ui::Breakpoints", kind.label));
        a->setCheckable(true);
        a->setData(kind.key);
        connect(a, &QAction::toggled, this, [this, key = kind.key](bool on) { m_controller->setKindBreakpoint(key, on); });
    }
    m_kindMenu->setToolTipsVisible(true);
    connect(m_controller, &StepController::breakpointsChanged, this, [this] {
        for (QAction* a : m_kindMenu->actions()) {
            const QSignalBlocker block(a);
            a->setChecked(m_controller->hasKindBreakpoint(a->data().toString()));
        }
    });

    m_scheduledTrace = new QAction(tr("Step Through the S&cheduled Allocation"), this);
    m_scheduledTrace->setObjectName(u"scheduledTraceAction"_s);
    m_scheduledTrace->setCheckable(true);
    m_scheduledTrace->setStatusTip(tr("Step through the scheduler's compute buffers, one per backend, "
                                      "instead of the single-buffer plan"));
    connect(m_scheduledTrace, &QAction::triggered, this,
            [this](bool on) { m_controller->session()->showScheduledTrace(on); });

    m_menu = new QMenu(tr("S&tep", "menu"), this); // Alt+T: Alt+S opens the Schedule menu
    m_menu->addActions({m_play, m_stepBack, m_step, m_runToStart, m_runToEnd, m_first, m_last});
    m_menu->addSeparator();
    m_menu->addAction(m_tensorBreak);
    m_menu->addMenu(m_kindMenu);
    m_menu->addAction(m_clearBreaks);
    m_menu->addSeparator();
    m_menu->addAction(m_scheduledTrace);
}

QAction* SteppingToolBar::kindAction(const QString& key) const {
    for (QAction* a : m_kindMenu->actions())
        if (a->data().toString() == key) return a;
    return nullptr;
}

void SteppingToolBar::updateEnabled() {
    const GraphSession* session = m_controller->session();
    const PlanTrace* trace = session->planTrace();
    const bool ready = trace && trace->stepCount() > 0;
    for (QAction* a : {m_play, m_stepBack, m_step, m_runToStart, m_runToEnd, m_first, m_last}) a->setEnabled(ready);
    m_stepBox->setEnabled(ready);
    m_slider->setEnabled(ready);
    // Splits exist only in the scheduled trace.
    const bool splits = trace && trace->hasSplits();
    for (const EventBreakKind& kind : eventBreakKinds()) {
        if (!kind.needsSplits) continue;
        QAction* a = kindAction(kind.key);
        a->setEnabled(splits);
        a->setToolTip(splits ? QString() : tr("Schedule first (F7)"));
    }
    m_scheduledTrace->setEnabled(session->hasScheduledTrace());
    m_scheduledTrace->setChecked(session->showsScheduledTrace());
    const int last = trace ? static_cast<int>(trace->stepCount()) : 0;
    const QSignalBlocker b1(m_stepBox);
    const QSignalBlocker b2(m_slider);
    m_stepBox->setRange(0, last);
    m_slider->setRange(0, last);
    m_count->setText(tr(" of %1 ").arg(QLocale().toString(last)));
    if (trace && !trace->ok()) m_count->setToolTip(tr("The plan stopped: %1").arg(trace->error()));
    else m_count->setToolTip({});
    updateTensorBreakpointAction();
}

void SteppingToolBar::updateTensorBreakpointAction() {
    const tensor_id selected = m_controller->session()->selection();
    m_tensorBreak->setEnabled(selected.valid());
    m_tensorBreak->setChecked(m_controller->hasTensorBreakpoint(selected));
}

void SteppingToolBar::onGraphLoaded(const planscope::graph_document&) { updateEnabled(); }
void SteppingToolBar::onSelectionChanged(planscope::tensor_id) { updateTensorBreakpointAction(); }

void SteppingToolBar::onPlanReady(const PlanTrace& trace) {
    updateEnabled();
    onStepChanged(trace.step());
}

void SteppingToolBar::onStepChanged(std::size_t step) {
    const QSignalBlocker b1(m_stepBox);
    const QSignalBlocker b2(m_slider);
    m_stepBox->setValue(static_cast<int>(step));
    m_slider->setValue(static_cast<int>(step));
}

} // namespace planscope::ui
