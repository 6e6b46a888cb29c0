#include "split_overview.h"

#include "canvas/block_content.h"
#include "model/format.h"
#include "model/tool_tip.h"

#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QResizeEvent>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {
const QColor lineColor(0x7a, 0x84, 0x92);
const QColor copyColor(0xc0, 0x39, 0x2b);
const QColor textColor(0x20, 0x24, 0x2a);
const QColor mutedColor(0x5a, 0x62, 0x6c);

void drawArrow(QPainter& p, const QPolygonF& path) {
    if (path.size() < 2) return;
    p.drawPolyline(path);
    const QPointF tip = path.back();
    const QPointF from = path[path.size() - 2];
    const QPointF dir = (tip - from) / std::max(1e-6, std::hypot(tip.x() - from.x(), tip.y() - from.y()));
    const QPointF normal(-dir.y(), dir.x());
    p.drawPolygon(QPolygonF({tip, tip - dir * 7 + normal * 3.5, tip - dir * 7 - normal * 3.5}));
}
// What a split's copies put on the network (to or from an rpc-server's device).
QString networkText(const OverviewSplit& sp) {
    return SplitOverview::tr("%1 over the network").arg(formatBytes(sp.networkBytes));
}

} // namespace

SplitOverview::SplitOverview(QWidget* parent) : QWidget(parent) {
    setObjectName(u"splitOverview"_s);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
}

QSize SplitOverview::sizeHint() const { return m_geometry.minimumSize.toSize().expandedTo(QSize(400, 200)); }

void SplitOverview::setSchedule(std::shared_ptr<const SplitSchedule> schedule) {
    m_schedule = std::move(schedule);
    m_expanded.clear();
    m_marked.clear();
    m_times.clear();
    m_fold.reset();
    if (m_schedule) {
        planscope::fold_options o;
        const auto backendOf = m_schedule->plan.backend_of;
        o.key = [backendOf](planscope::tensor_id t) {
            return static_cast<std::uint64_t>(t.index() < backendOf.size() ? backendOf[t.index()] + 1 : 0);
        };
        if (auto f = planscope::detect_blocks(*m_schedule->splitDoc, o)) m_fold = std::make_shared<const planscope::fold_structure>(std::move(*f));
    }
    rebuild();
}

void SplitOverview::clear() { setSchedule(nullptr); }

void SplitOverview::setComputeTimes(std::vector<double> microseconds) {
    m_times = std::move(microseconds);
    rebuild();
}

void SplitOverview::setMarkedSplits(const QList<int>& splits) {
    m_marked = std::set<int>(splits.begin(), splits.end());
    update();
}

bool SplitOverview::isMarked(const OverviewGeometry::Box& box) const {
    if (m_marked.empty()) return false;
    const OverviewSection& sec = m_sections[box.section];
    const int first = sec.splits[box.index].split;
    // A folded section's box stands for the same split of each of its instances, a pattern apart.
    const int pattern = static_cast<int>(sec.splits.size());
    for (std::size_t k = 0; k < sec.repeat; ++k)
        if (m_marked.contains(first + static_cast<int>(k) * pattern)) return true;
    return false;
}

std::vector<int> SplitOverview::markedBoxes() const {
    std::vector<int> out;
    for (const OverviewGeometry::Box& b : m_geometry.boxes)
        if (isMarked(b)) out.push_back(m_sections[b.section].splits[b.index].split);
    return out;
}

QRectF SplitOverview::firstMarkedRect() const {
    for (const OverviewGeometry::Box& b : m_geometry.boxes)
        if (isMarked(b)) return b.rect.united(b.note);
    return {};
}

void SplitOverview::setGroupExpanded(int group, bool expanded) {
    if (expanded) m_expanded.insert(group);
    else m_expanded.erase(group);
    rebuild();
}

void SplitOverview::rebuild() {
    m_sections.clear();
    if (m_schedule && m_fold)
        m_sections = splitOverview(*m_schedule->splitDoc, m_schedule->plan, m_schedule->backendNames,
                                   m_schedule->splitOf, *m_fold, m_expanded, m_times);
    relayout();
    setMinimumSize(m_geometry.minimumSize.toSize());
    resize(m_geometry.size.toSize().expandedTo(size()));
    updateGeometry();
}

void SplitOverview::relayout() {
    m_geometry = overviewGeometry(m_sections, m_schedule ? m_schedule->backendNames.size() : 0, {}, width());
    update();
}

void SplitOverview::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (event->size().width() != event->oldSize().width()) relayout(); // the notes take the new width
}

QString SplitOverview::toolTipAt(const QPointF& pos) const {
    for (std::size_t b = 0; m_schedule && b < m_geometry.headers.size() && b < m_schedule->backendNames.size(); ++b) {
        if (!m_geometry.headers[b].contains(pos)) continue;
        const QString name = toQString(m_schedule->backendNames[b]);
        const std::string device = b < m_schedule->backendDevices.size() ? m_schedule->backendDevices[b] : std::string();
        return device.empty() ? name : tr("%1 on %2").arg(name, toQString(device));
    }
    for (const OverviewGeometry::Box& b : m_geometry.boxes) {
        if (!b.rect.contains(pos) && !b.note.contains(pos)) continue;
        const OverviewSplit& sp = m_sections[b.section].splits[b.index];
        QStringList lines{tr("#%1 · %n node(s)", nullptr, static_cast<int>(sp.nodes)).arg(sp.split)};
        if (sp.copies > 0) lines << tr("%n copies · %1", nullptr, static_cast<int>(sp.copies)).arg(formatBytes(sp.bytes));
        if (sp.networkBytes > 0) lines << networkText(sp);
        if (!sp.cause.isEmpty()) lines << sp.cause + u"  (" + sp.code + u')';
        if (sp.computeUs >= 0) lines << formatMicroseconds(sp.computeUs);
        return lines.join(u'\n');
    }
    return {};
}

bool SplitOverview::event(QEvent* event) {
    return answerToolTip(this, event, [this](QPoint pos) { return toolTipAt(pos); }) || QWidget::event(event);
}

void SplitOverview::mouseReleaseEvent(QMouseEvent* event) {
    const QPointF at = event->position();
    for (std::size_t s = 0; s < m_sections.size(); ++s) {
        if (m_sections[s].group >= 0 && m_geometry.titles[s].contains(at)) {
            setGroupExpanded(m_sections[s].group, !m_sections[s].expanded);
            return;
        }
    }
    for (const OverviewGeometry::Box& b : m_geometry.boxes) {
        if (!b.rect.contains(at)) continue;
        const OverviewSplit& split = m_sections[b.section].splits[b.index];
        emit splitClicked(split.split, split.first);
        return;
    }
}

void SplitOverview::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    if (!m_schedule) {
        p.setPen(mutedColor);
        p.drawText(rect(), Qt::AlignCenter, tr("Schedule the graph (F7) to see its splits here."));
        return;
    }
    const QFont base = font();
    QFont bold = base;
    bold.setBold(true);
    QFont small = base;
    small.setPointSizeF(base.pointSizeF() * 0.85);

    // Backend columns.
    for (std::size_t b = 0; b < m_geometry.headers.size(); ++b) {
        const QRectF h = m_geometry.headers[b];
        p.fillRect(QRectF(h.left() + 2, h.bottom(), h.width() - 4, height() - h.bottom()), QColor(0xf4, 0xf6, 0xf9));
        p.setBrush(backendColor(m_schedule->backendNames, static_cast<int>(b)));
        p.setPen(Qt::NoPen);
        p.drawRoundedRect(h.adjusted(4, 3, -4, -3), 4, 4);
        p.setPen(textColor);
        p.setFont(bold);
        const QString name = b < m_schedule->backendNames.size() ? shortBackendName(m_schedule->backendNames[b]) : QString();
        p.drawText(h.adjusted(8, 0, -8, 0), Qt::AlignCenter, QFontMetricsF(bold).elidedText(name, Qt::ElideRight, h.width() - 16));
    }
    // Sections: a title and a bracket beside their rows.
    for (std::size_t s = 0; s < m_sections.size(); ++s) {
        const OverviewSection& sec = m_sections[s];
        if (sec.title.isEmpty()) continue;
        const QRectF t = m_geometry.titles[s];
        p.setPen(QPen(mutedColor, 2));
        p.drawLine(QPointF(t.right() - 4, t.top() + 4), QPointF(t.right() - 4, t.bottom() - 4));
        const QRectF text = t.adjusted(0, 4, -12, 0);
        p.setPen(textColor);
        p.setFont(bold);
        QString title = (sec.expanded ? u"\u25be "_s : u"\u25b8 "_s) + sec.title;
        if (sec.repeat > 1) title += u"  ×" + QString::number(sec.repeat);
        p.drawText(text, Qt::AlignLeft | Qt::AlignTop, title);
        p.setFont(small);
        p.setPen(mutedColor);
        const QString detail = sec.repeat > 1 ? tr("%n split(s) each", nullptr, static_cast<int>(sec.splits.size()))
                                              : tr("%n split(s)", nullptr, static_cast<int>(sec.splits.size()));
        const QString hint = sec.expanded ? tr("click to fold") : tr("click to unfold");
        p.drawText(text.adjusted(14, QFontMetricsF(bold).height() + 2, 0, 0), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                   detail + u'\n' + hint);
    }
    // Arrows with the copies, boxes, causes.
    for (const OverviewGeometry::Box& b : m_geometry.boxes) {
        const OverviewSplit& sp = m_sections[b.section].splits[b.index];
        if (!b.arrow.isEmpty()) {
            const bool copies = sp.copies > 0;
            p.setPen(QPen(copies ? copyColor : lineColor, copies ? 1.6 : 1.0));
            p.setBrush(copies ? copyColor : lineColor);
            drawArrow(p, b.arrow);
            if (copies) {
                p.setFont(small);
                p.setPen(copyColor);
                QString label = tr("%n copies · %1", nullptr, static_cast<int>(sp.copies)).arg(formatBytes(sp.bytes));
                if (sp.networkBytes > 0) label += u" · " + networkText(sp);
                p.drawText(QRectF(b.arrowLabel.x(), b.arrowLabel.y() - 9, sp.networkBytes > 0 ? 300 : 160, 18),
                           Qt::AlignLeft | Qt::AlignVCenter, label);
            }
        }
        const bool marked = isMarked(b);
        p.setPen(marked ? QPen(copyColor, 3) : QPen(lineColor.darker(120), 1));
        p.setBrush(backendColor(m_schedule->backendNames, sp.backend));
        p.drawRoundedRect(b.rect, 5, 5);
        p.setPen(textColor);
        p.setFont(base);
        QString text = tr("#%1 · %n node(s)", nullptr, static_cast<int>(sp.nodes)).arg(sp.split);
        if (sp.computeUs >= 0) text += u" · " + formatMicroseconds(sp.computeUs);
        p.drawText(b.rect.adjusted(6, 0, -6, 0), Qt::AlignCenter, QFontMetricsF(base).elidedText(text, Qt::ElideRight, b.rect.width() - 12));
        if (!sp.cause.isEmpty()) {
            p.setFont(small);
            p.setPen(marked ? copyColor : mutedColor);
            const QString cause = sp.cause + u"  (" + sp.code + u')';
            p.drawText(b.note, Qt::AlignLeft | Qt::AlignVCenter, QFontMetricsF(small).elidedText(cause, Qt::ElideRight, b.note.width()));
        }
    }
}

} // namespace planscope::ui
