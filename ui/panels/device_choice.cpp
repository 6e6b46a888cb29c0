#include "device_choice.h"

#include "device/device_presets.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

namespace planscope::ui {

planscope::llm_device_set DeviceChoice::deviceSet() const {
    planscope::llm_device_set set;
    set.gpus = gpus;
    set.cpu = host;
    set.given = true;
    return set;
}

void DeviceChoice::add(planscope::device_profile profile, const QString& source) {
    if (profile.kind == planscope::device_kind::cpu) {
        host = std::move(profile);
        hostSource = source;
        return;
    }
    gpus.push_back(std::move(profile));
    sources.push_back(source);
    planscope::number_devices_like_ggml(gpus);
}

void DeviceChoice::removeGpu(std::size_t index) {
    if (index >= gpus.size()) return;
    gpus.erase(gpus.begin() + static_cast<std::ptrdiff_t>(index));
    sources.erase(sources.begin() + static_cast<std::ptrdiff_t>(index));
}

TensorSplitParse parseTensorSplit(const QString& text) {
    TensorSplitParse out;
    if (text.trimmed().isEmpty()) return out;
    static const QRegularExpression separators(QStringLiteral("[,/]"));
    for (const QString& part : text.split(separators)) {
        const QString p = part.trimmed();
        bool ok = false;
        // The C locale: "0.5", as llama.cpp reads it whatever the language.
        const float v = QLocale::c().toFloat(p, &ok);
        if (!ok) {
            out.error = QCoreApplication::translate("planscope::ui::DeviceChoice", "'%1' is not a number").arg(p);
            return out;
        }
        if (!(v >= 0)) {
            out.error = QCoreApplication::translate("planscope::ui::DeviceChoice", "%1 is negative").arg(p);
            return out;
        }
        out.values.push_back(v);
    }
    return out;
}

QString formatTensorSplit(const std::vector<float>& values) {
    QStringList parts;
    for (float v : values) parts << QLocale::c().toString(v, 'g', 6);
    return parts.join(u',');
}

} // namespace planscope::ui
