#include "format.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

namespace planscope::ui {

QString formatBytes(std::uint64_t bytes) {
    return QLocale().formattedDataSize(static_cast<qint64>(bytes), 1);
}

QString formatBytesDelta(std::uint64_t before, std::uint64_t after) {
    if (before == after) return u"±" + formatBytes(0);
    if (after > before) return u'+' + formatBytes(after - before);
    return u"−" + formatBytes(before - after);
}

QString formatBytesExact(std::uint64_t bytes) {
    const QString exact =
        QCoreApplication::translate("planscope::ui::Format", "%1 bytes").arg(QLocale().toString(static_cast<qulonglong>(bytes)));
    if (bytes < 1024) return exact;
    return QCoreApplication::translate("planscope::ui::Format", "%1 (%2)").arg(exact, formatBytes(bytes));
}

QString formatShape(const std::array<std::int64_t, planscope::max_dims>& ne) {
    return toQString(planscope::shape_string(ne));
}

QString formatStrides(const std::array<std::size_t, planscope::max_dims>& nb) {
    QStringList parts;
    for (std::size_t v : nb) parts << QString::number(v);
    return u'[' + parts.join(u", ") + u']';
}

QString formatFlags(planscope::tensor_flag flags) {
    QStringList parts;
    if (has_flag(flags, tensor_flag::input)) parts << QCoreApplication::translate("planscope::ui::Format", "input");
    if (has_flag(flags, tensor_flag::output)) parts << QCoreApplication::translate("planscope::ui::Format", "output");
    if (has_flag(flags, tensor_flag::param)) parts << QCoreApplication::translate("planscope::ui::Format", "param");
    return parts.join(u", ");
}

QString roleText(TensorRole role) {
    switch (role) {
    case TensorRole::Leaf: return QCoreApplication::translate("planscope::ui::Format", "leaf");
    case TensorRole::Node: return QCoreApplication::translate("planscope::ui::Format", "node");
    case TensorRole::Unused: return QCoreApplication::translate("planscope::ui::Format", "unused");
    }
    return {};
}

std::vector<TensorRole> tensorRoles(const planscope::graph_document& doc) {
    std::vector<TensorRole> roles(doc.ctx.size(), TensorRole::Unused);
    for (tensor_id id : doc.g.leafs) roles[id.index()] = TensorRole::Leaf;
    for (tensor_id id : doc.g.nodes) roles[id.index()] = TensorRole::Node;
    return roles;
}

} // namespace planscope::ui
