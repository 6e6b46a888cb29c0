#include "sweep_devices.h"

#include <QCoreApplication>
#include <QStringList>

namespace planscope::ui {

QString deviceSweepKeyLabel(DeviceSweepKey key) {
    return key == DeviceSweepKey::ngl ? QStringLiteral("n_gpu_layers") : QStringLiteral("n_ctx");
}

DeviceSweepValues parseDeviceSweepValues(const QString& text, DeviceSweepKey key) {
    DeviceSweepValues out;
    const int least = key == DeviceSweepKey::ngl ? 0 : 1;
    const auto number = [&](const QString& s, int& v) {
        bool ok = false;
        v = s.trimmed().toInt(&ok);
        if (!ok) out.error = QCoreApplication::translate("planscope::ui::DeviceSweep", "'%1' is not a number").arg(s.trimmed());
        else if (v < least)
            out.error = QCoreApplication::translate("planscope::ui::DeviceSweep", "%1 is below %2").arg(v).arg(least);
        return ok && v >= least;
    };
    if (text.trimmed().isEmpty()) {
        out.error = QCoreApplication::translate("planscope::ui::DeviceSweep", "no values");
        return out;
    }
    for (const QString& untrimmed : text.split(u',')) {
        // "a-b": a range; a leading '-' is a negative number's, which number() refuses.
        const QString part = untrimmed.trimmed();
        const qsizetype dash = part.indexOf(u'-', 1);
        int lo = 0, hi = 0;
        if (dash < 0) {
            if (!number(part, lo)) return out;
            hi = lo;
        } else if (!number(part.left(dash), lo) || !number(part.mid(dash + 1), hi)) {
            return out;
        } else if (hi < lo) {
            out.error = QCoreApplication::translate("planscope::ui::DeviceSweep", "%1-%2 runs backwards").arg(lo).arg(hi);
            return out;
        }
        if (static_cast<qint64>(out.values.size()) + (static_cast<qint64>(hi) - lo + 1) > maxDeviceSweepValues) {
            out.error = QCoreApplication::translate("planscope::ui::DeviceSweep", "more than %1 values").arg(maxDeviceSweepValues);
            return out;
        }
        for (int v = lo; v <= hi; ++v) out.values.push_back(v);
    }
    return out;
}

QString defaultDeviceSweepValues(DeviceSweepKey key, std::uint32_t nLayer) {
    if (key == DeviceSweepKey::ctx) return QStringLiteral("2048,4096,8192,16384,32768");
    return QStringLiteral("0-%1").arg(nLayer == 0 ? 33 : nLayer + 1);
}

planscope::result<DeviceSweepPoint> deviceSweepPoint(const planscope::gguf_file& file, planscope::llm_context_params context,
                                                     DeviceChoice choice, DeviceSweepKey key, int value) {
    if (key == DeviceSweepKey::ngl) choice.placement.n_gpu_layers = value;
    else context.n_ctx = static_cast<std::uint32_t>(value);
    auto r = planscope::llm_fit(file, context, choice.deviceSet(), choice.placement, choice.opOffload);
    if (!r) return planscope::error{(key == DeviceSweepKey::ngl ? "ngl " : "n_ctx ") + std::to_string(value) + ": " + r.err().message};
    DeviceSweepPoint p;
    p.value = value;
    const bool hostAlone = r->devices.size() == 1;
    for (const planscope::llm_device_memory& d : r->devices) {
        if (d.device < 0 && !hostAlone) continue;
        p.names.push_back(d.name);
        p.used.push_back(d.self());
        p.limit.push_back(d.free);
    }
    return p;
}

} // namespace planscope::ui
