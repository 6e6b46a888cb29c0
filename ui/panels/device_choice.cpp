#include "device_choice.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

#include <map>

namespace planscope::ui {

namespace {

// "CUDA0" -> "CUDA"; a name with no number at its end has no backend index to change.
std::string backendPrefix(const std::string& name) {
    std::size_t end = name.size();
    while (end > 0 && name[end - 1] >= '0' && name[end - 1] <= '9') --end;
    return name.substr(0, end);
}

} // namespace

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
    numberDevices(gpus);
}

void DeviceChoice::removeGpu(std::size_t index) {
    if (index >= gpus.size()) return;
    gpus.erase(gpus.begin() + static_cast<std::ptrdiff_t>(index));
    sources.erase(sources.begin() + static_cast<std::ptrdiff_t>(index));
    numberDevices(gpus);
}

void numberDevices(std::vector<planscope::device_profile>& gpus) {
    std::map<std::string, int> seen; // backend prefix -> devices so far
    for (planscope::device_profile& d : gpus) {
        const std::string prefix = backendPrefix(d.name);
        if (prefix.size() == d.name.size()) continue;
        const std::string numbered = prefix + std::to_string(seen[prefix]++);
        // The buffer type is named after its device (ggml_backend_cuda_buffer_type: "CUDA%d").
        if (d.buffer.name == d.name) d.buffer.name = numbered;
        d.name = numbered;
    }
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
