#include "inspector_panel.h"

#include "model/format.h"
#include "model/graph_summary.h"
#include "session/graph_session.h"

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
    const tensor& t = doc.ctx[id];
    return u"<a href=\"%1%2\">%3</a>"_s.arg(linkScheme, QString::number(id.value), toQString(t.name).toHtmlEscaped());
}

QString paramText(const tensor& t, const op_param_desc& p) {
    if (t.op == op_kind::unary) return toQString(unary_name(static_cast<unary_kind>(t.params.get_i32(p.slot))));
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
    };
    for (std::size_t i = 0; i < labels.size(); ++i) {
        auto* value = new QLabel(form);
        value->setTextFormat(Qt::RichText);
        value->setWordWrap(true);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
        connect(value, &QLabel::linkActivated, this, [this](const QString& link) {
            if (link.startsWith(linkScheme)) m_session->setSelection(tensor_id{link.mid(linkScheme.size()).toUInt()});
        });
        layout->addRow(labels[i], value);
        m_values[i] = value;
    }
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

void InspectorPanel::onGraphLoaded(const planscope::graph_document&) { display({}); }

void InspectorPanel::onSelectionChanged(planscope::tensor_id tensor) { display(tensor); }

QString InspectorPanel::text(Field field) const {
    return QTextDocumentFragment::fromHtml(m_values[static_cast<std::size_t>(field)]->text()).toPlainText();
}

bool InspectorPanel::showsTensor() const { return m_pages->currentIndex() == 1; }

void InspectorPanel::setField(Field field, const QString& richText) {
    m_values[static_cast<std::size_t>(field)]->setText(richText);
}

void InspectorPanel::display(planscope::tensor_id id) {
    const planscope::graph_document& doc = m_session->document();
    if (!doc.ctx.contains(id)) {
        m_pages->setCurrentIndex(0);
        return;
    }
    const tensor& t = doc.ctx[id];
    const TensorRole role = tensorRoles(doc)[id.index()];
    const QString none = u"<i>%1</i>"_s.arg(tr("none"));

    setField(Field::Name, u"<b>%1</b>"_s.arg(toQString(t.name).toHtmlEscaped()));
    setField(Field::Role, t.is_view() ? tr("%1 (view)").arg(roleText(role)) : roleText(role));
    setField(Field::Op, toQString(opDescription(t)));
    setField(Field::Type, toQString(type_name(t.type)));
    setField(Field::Shape, formatShape(t.ne));
    setField(Field::Strides, formatStrides(t.nb));
    setField(Field::Size, formatBytesExact(nbytes(t)));

    QStringList sources;
    for (int i = 0; i < t.n_src(); ++i) {
        const tensor_id s = t.src[static_cast<std::size_t>(i)];
        if (!doc.ctx.contains(s)) continue;
        sources << u"%1. %2 <span style=\"color:gray\">%3</span>"_s.arg(QString::number(i), tensorLink(doc, s),
                                                                          toQString(opDescription(doc.ctx[s])));
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
    m_pages->setCurrentIndex(1);
}

} // namespace planscope::ui
