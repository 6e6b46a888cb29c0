#include "inspector_panel.h"

#include "buffers/buffer_blocks.h"
#include "model/format.h"
#include "model/graph_summary.h"
#include "sched/split_overview_model.h"
#include "sched/split_schedule.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "tensor_lifetime.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

constexpr QStringView linkScheme = u"tensor:";

QString tensorLink(const planscope::graph_document& doc, tensor_id id) {
    if (!doc.ctx.contains(id)) return u"?"_s;
    const tensor& t = doc.ctx[id];
    return u"<a href=\"%1%2\">%3</a>"_s.arg(linkScheme, QString::number(id.value), toQString(t.name).toHtmlEscaped());
}

QString gray(const QString& richText) { return u"<span style=\"color:gray\">%1</span>"_s.arg(richText); }

QString lifetimeText(const planscope::graph_document& doc, const TensorLifetime& life) {
    const QString buffer = toQString(bufferDisplayName(doc, life.buffer)).toHtmlEscaped();
    const QString allocStep = QString::number(life.allocStep);
    const QString freeStep = life.freeStep ? QString::number(*life.freeStep) : QString();
    switch (life.kind) {
    case TensorLifetime::Kind::Allocated:
        return life.freeStep ? InspectorPanel::tr("%1: allocated at step %2 by node %3, freed at step %4 by node %5")
                                   .arg(buffer, allocStep, tensorLink(doc, life.allocBy), freeStep, tensorLink(doc, life.freeBy))
                             : InspectorPanel::tr("%1: allocated at step %2 by node %3, never freed")
                                   .arg(buffer, allocStep, tensorLink(doc, life.allocBy));
    case TensorLifetime::Kind::Preallocated:
        return life.freeStep ? InspectorPanel::tr("%1: pre-allocated at step %2, freed at step %3 by node %4")
                                   .arg(buffer, allocStep, freeStep, tensorLink(doc, life.freeBy))
                             : InspectorPanel::tr("%1: pre-allocated at step %2, never freed").arg(buffer, allocStep);
    case TensorLifetime::Kind::OtherBuffer: return InspectorPanel::tr("not in a compute buffer: placed in %1").arg(buffer);
    case TensorLifetime::Kind::NotAllocated: break;
    }
    return InspectorPanel::tr("not allocated in this plan");
}

QString paramText(const tensor& t, const op_param_desc& p) {
    if (t.op == op_kind::unary) return toQString(unary_name(static_cast<unary_kind>(t.params.get_i32(p.slot))));
    if (t.op == op_kind::glu && p.name == "glu")
        return toQString(glu_name(static_cast<glu_kind>(t.params.get_i32(p.slot))));
    switch (p.kind) {
    case param_kind::i32: return QString::number(t.params.get_i32(p.slot));
    case param_kind::f32: return QString::number(t.params.get_f32(p.slot), 'g', 7);
    case param_kind::u64: return QString::number(t.params.get_u64(p.slot));
    }
    return {};
}

} // namespace

InspectorPanel::InspectorPanel(GraphSession* session, QWidget* parent) : QWidget(parent), m_session(session) {
    setObjectName(u"inspectorPanel"_s);
    m_pages = new QStackedWidget(this);

    auto* placeholder = new QLabel(tr("Select a tensor on the canvas to inspect it."), m_pages);
    placeholder->setAlignment(Qt::AlignCenter);
    placeholder->setWordWrap(true);
    placeholder->setEnabled(false);
    m_pages->addWidget(placeholder);

    auto* form = new QWidget;
    auto* layout = new QFormLayout(form);
    layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    layout->setLabelAlignment(Qt::AlignRight | Qt::AlignTop);
    const std::array<QString, static_cast<std::size_t>(Field::Count)> labels{
        tr("Name:"), tr("Role:"), tr("Op:"), tr("Type:"), tr("Shape (ne):"), tr("Strides (nb):"),
        tr("Size:"), tr("Sources:"), tr("View of:"), tr("Parameters:"), tr("Flags:"), tr("Placement:"),
        tr("Lifetime:"), tr("Readers:"), tr("Backend:"), tr("Scheduler cause:"),
    };
    for (std::size_t i = 0; i < labels.size(); ++i) {
        auto* value = new QLabel(form);
        value->setTextFormat(Qt::RichText);
        value->setWordWrap(true);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
        connect(value, &QLabel::linkActivated, this, [this](const QString& link) {
            if (link.startsWith(linkScheme)) choose(tensor_id{link.mid(linkScheme.size()).toUInt()});
        });
        layout->addRow(labels[i], value);
        m_values[i] = value;
    }
    m_form = layout;
    showSchedule({});
    auto* scroll = new QScrollArea(m_pages);
    scroll->setWidget(form);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_pages->addWidget(scroll);

    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_pages);
    m_session->addObserver(this);
}

InspectorPanel::~InspectorPanel() { m_session->removeObserver(this); }

void InspectorPanel::setSchedule(std::shared_ptr<const SplitSchedule> schedule) {
    m_schedule = std::move(schedule);
    display(m_shown);
}

void InspectorPanel::onGraphLoaded(const planscope::graph_document&) {
    m_schedule.reset(); // it scheduled the previous document
    m_choice.reset();
    display({});
}

void InspectorPanel::onSelectionChanged(planscope::tensor_id tensor) {
    m_choice = tensor;
    display(tensor);
}

void InspectorPanel::onPlanReady(const PlanTrace&) {
    m_choice.reset();
    display(tensorToShow());
}

void InspectorPanel::onStepChanged(std::size_t) {
    m_choice.reset();
    display(tensorToShow());
}

planscope::tensor_id InspectorPanel::tensorToShow() const {
    if (m_choice) return *m_choice;
    const PlanTrace* trace = m_session->planTrace();
    const planscope::alloc_event* e = trace ? trace->currentEvent() : nullptr;
    if (const auto t = e ? eventTensor(*e) : std::nullopt; t && trace->document().ctx.contains(*t)) return *t;
    return m_session->selection();
}

void InspectorPanel::choose(planscope::tensor_id tensor) {
    // The session selects only its document's tensors, and is silent when the selection stays.
    if (m_session->document().ctx.contains(tensor) && tensor != m_session->selection()) {
        m_session->setSelection(tensor); // back through onSelectionChanged
        return;
    }
    m_choice = tensor;
    display(tensor);
}

QString InspectorPanel::text(Field field) const {
    return QTextDocumentFragment::fromHtml(m_values[static_cast<std::size_t>(field)]->text()).toPlainText();
}

bool InspectorPanel::showsTensor() const { return m_pages->currentIndex() == 1; }

bool InspectorPanel::isFieldShown(Field field) const {
    // Not isRowVisible(), which is false until the panel itself is shown.
    return !m_values[static_cast<std::size_t>(field)]->isHidden();
}

void InspectorPanel::setField(Field field, const QString& richText) {
    m_values[static_cast<std::size_t>(field)]->setText(richText);
}

void InspectorPanel::display(planscope::tensor_id id) {
    // The scheduler's copies are only in its trace's document.
    const PlanTrace* trace = m_session->planTrace();
    const planscope::graph_document* found = m_session->document().ctx.contains(id) ? &m_session->document()
                                             : trace && trace->document().ctx.contains(id) ? &trace->document()
                                                                                         : nullptr;
    m_shown = found ? id : tensor_id{};
    showSchedule(m_shown); // its rows show with a schedule, whether a tensor does or not
    if (!found) {
        m_pages->setCurrentIndex(0);
        return;
    }
    const planscope::graph_document& doc = *found;
    const tensor& t = doc.ctx[id];
    const TensorRole role = tensorRoles(doc)[id.index()];
    const QString none = u"<i>%1</i>"_s.arg(tr("none"));

    setField(Field::Name, u"<b>%1</b>"_s.arg(toQString(t.name).toHtmlEscaped()));
    setField(Field::Role, t.is_view() ? tr("%1 (view)").arg(roleText(role)) : roleText(role));
    setField(Field::Op, toQString(planscope::op_desc(t)));
    setField(Field::Type, toQString(type_name(t.type)));
    setField(Field::Shape, formatShape(t.ne));
    setField(Field::Strides, formatStrides(t.nb));
    setField(Field::Size, formatBytesExact(nbytes(t)));

    QStringList sources;
    for (int i = 0; i < t.n_src(); ++i) {
        const tensor_id s = t.src[static_cast<std::size_t>(i)];
        if (!doc.ctx.contains(s)) continue;
        sources << u"%1. %2 <span style=\"color:gray\">%3</span>"_s.arg(QString::number(i), tensorLink(doc, s),
                                                                          toQString(planscope::op_desc(doc.ctx[s])));
    }
    setField(Field::Sources, sources.isEmpty() ? none : sources.join(u"<br>"));

    if (t.is_view() && doc.ctx.contains(t.view_src))
        setField(Field::ViewSource, tr("%1 at byte offset %2").arg(tensorLink(doc, t.view_src), QLocale().toString(static_cast<qulonglong>(t.view_offs))));
    else
        setField(Field::ViewSource, none);

    QStringList params;
    for (const op_param_desc& p : info(t.op).params) params << toQString(p.name) + u" = " + paramText(t, p);
    setField(Field::Parameters, params.isEmpty() ? none : params.join(u"<br>"));

    const QString flags = formatFlags(t.flags);
    setField(Field::Flags, flags.isEmpty() ? none : flags);

    if (t.where && t.where->buffer.index() < doc.buffers.size()) {
        const buffer_desc& b = doc.buffers[t.where->buffer.index()];
        setField(Field::Placement, tr("%1 (%2) at offset %3")
                                       .arg(toQString(b.name).toHtmlEscaped(), toQString(b.backend).toHtmlEscaped(),
                                            QLocale().toString(static_cast<qulonglong>(t.where->offset))));
    } else {
        setField(Field::Placement, tr("not allocated"));
    }
    showLifetime(id);
    m_pages->setCurrentIndex(1);
}

void InspectorPanel::showLifetime(planscope::tensor_id id) {
    const PlanTrace* trace = m_session->planTrace();
    // Before the plan is ready the readers come from the document, without steps.
    const planscope::graph_document& doc = trace ? trace->document() : m_session->document();
    const std::span<const planscope::alloc_event> events = trace ? trace->events() : std::span<const planscope::alloc_event>();
    if (trace) {
        const TensorLifetime life = tensorLifetime(doc, events, id);
        const QString text = lifetimeText(doc, life);
        setField(Field::Lifetime, life.owner.valid() && life.owner != id
                                      ? tr("lives in %1's memory: %2").arg(tensorLink(doc, life.owner), text)
                                      : text);
    } else {
        setField(Field::Lifetime, u"<i>%1</i>"_s.arg(tr("not planned yet")));
    }

    QStringList readers;
    for (const TensorReader& r : tensorReaders(doc, events, id)) {
        QString when = r.step ? tr("step %1").arg(*r.step) : trace ? tr("did not run") : QString();
        if (r.through.valid())
            when = when.isEmpty() ? tr("through %1").arg(tensorLink(doc, r.through))
                                  : tr("%1, through %2").arg(when, tensorLink(doc, r.through));
        readers << (when.isEmpty() ? tensorLink(doc, r.node) : tensorLink(doc, r.node) + u' ' + gray(when));
    }
    setField(Field::Readers, readers.isEmpty() ? u"<i>%1</i>"_s.arg(tr("none")) : readers.join(u"<br>"));
}

void InspectorPanel::showSchedule(planscope::tensor_id id) {
    for (Field f : {Field::Backend, Field::Cause}) m_form->setRowVisible(static_cast<int>(f), m_schedule != nullptr);
    if (!m_schedule) return;
    const planscope::sched_plan& plan = m_schedule->plan;
    const std::vector<std::string>& names = m_schedule->backendNames;
    const QString none = u"<i>%1</i>"_s.arg(tr("none"));
    const int backend = plan.backend(id);
    setField(Field::Backend, backend >= 0 && static_cast<std::size_t>(backend) < names.size()
                                 ? toQString(names[static_cast<std::size_t>(backend)]).toHtmlEscaped()
                                 : none);
    setField(Field::Cause, plan.cause(id).empty() ? none : causeText(*m_schedule->splitDoc, plan, names, id).toHtmlEscaped());
}

} // namespace planscope::ui
