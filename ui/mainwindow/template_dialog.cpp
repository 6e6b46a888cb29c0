#include "template_dialog.h"

#include "model/format.h"
#include "models/templates.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <climits>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

QString describeTemplate(const planscope::template_info& t) {
    if (t.name == "attention")
        return TemplateDialog::tr("Two llama-style attention and SwiGLU layers over 4 tokens, with the shapes of "
                                  "stories260K.");
    if (t.name == "mlp")
        return TemplateDialog::tr("A multilayer perceptron: linear layers with ReLU between them, then soft_max.");
    if (t.name == "llama")
        return TemplateDialog::tr("A llama decoder as llama.cpp built it in November 2023, with free "
                                  "hyperparameters and placeholder weights.");
    return toQString(t.description);
}

// The form's label of a parameter; the key itself is the field's tooltip.
QString paramLabel(std::string_view templ, std::string_view key) {
    const bool llama = templ == "llama";
    if (key == "n_vocab") return TemplateDialog::tr("Vocabulary size:");
    if (key == "n_embd") return TemplateDialog::tr("Embedding width:");
    if (key == "n_layer") return llama ? TemplateDialog::tr("Decoder layers:") : TemplateDialog::tr("Linear layers:");
    if (key == "n_head") return TemplateDialog::tr("Attention heads:");
    if (key == "n_head_kv") return TemplateDialog::tr("Key/value heads (0: one per head):");
    if (key == "n_ff") return TemplateDialog::tr("Feed-forward width:");
    if (key == "n_ctx") return TemplateDialog::tr("Context (KV cache cells):");
    if (key == "n_batch") return llama ? TemplateDialog::tr("Tokens in the batch:") : TemplateDialog::tr("Rows in the batch:");
    if (key == "n_past") return TemplateDialog::tr("Cells already filled:");
    if (key == "kv_type") return TemplateDialog::tr("KV cache type:");
    if (key == "ngl") return TemplateDialog::tr("Offloaded layers (-ngl):");
    if (key == "worst_case") return TemplateDialog::tr("Worst case (llama.cpp's measure graph):");
    if (key == "n_in") return TemplateDialog::tr("Input features:");
    if (key == "n_hidden") return TemplateDialog::tr("Hidden width:");
    if (key == "n_out") return TemplateDialog::tr("Output classes:");
    return toQString(key) + u':';
}

} // namespace

TemplateDialog::TemplateDialog(QWidget* parent)
    : QDialog(parent), m_templates(new QComboBox(this)), m_description(new QLabel(this)),
      m_pages(new QStackedWidget(this)) {
    setObjectName(u"templateDialog"_s);
    setWindowTitle(tr("New from Template"));
    const auto all = planscope::templates();
    for (std::size_t i = 0; i < all.size(); ++i) {
        m_templates->addItem(toQString(all[i].name));
        m_pages->addWidget(createPage(i));
    }
    m_description->setWordWrap(true);

    auto* top = new QFormLayout;
    top->addRow(tr("&Template:"), m_templates);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_templates, &QComboBox::currentIndexChanged, this, &TemplateDialog::showTemplate);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_description);
    layout->addWidget(m_pages);
    layout->addStretch(1);
    layout->addWidget(buttons);
    showTemplate(0);
}

QWidget* TemplateDialog::createPage(std::size_t index) {
    const planscope::template_info& t = planscope::templates()[index];
    auto* page = new QWidget(m_pages);
    auto* form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    std::vector<Field> fields;
    for (const planscope::template_param& p : t.params) {
        Field f{toQString(p.key)};
        QWidget* editor = nullptr;
        if (!p.choices.empty()) {
            f.choice = new QComboBox(page);
            f.choice->addItems(toQString(p.choices).split(u'|'));
            f.choice->setCurrentText(toQString(p.default_value));
            editor = f.choice;
        } else {
            f.number = new QSpinBox(page);
            f.number->setRange(static_cast<int>(p.min), INT_MAX);
            f.number->setValue(toQString(p.default_value).toInt());
            f.number->setGroupSeparatorShown(true);
            editor = f.number;
        }
        editor->setObjectName(f.key);
        editor->setToolTip(f.key);
        form->addRow(paramLabel(t.name, p.key), editor);
        fields.push_back(f);
    }
    if (t.params.empty()) form->addRow(new QLabel(tr("This template has no parameters."), page));
    m_fields.push_back(std::move(fields));
    return page;
}

void TemplateDialog::showTemplate(int index) {
    if (index < 0) return;
    m_pages->setCurrentIndex(index);
    m_description->setText(describeTemplate(planscope::templates()[static_cast<std::size_t>(index)]));
}

bool TemplateDialog::selectTemplate(const QString& name) {
    const int index = m_templates->findText(name);
    if (index < 0) return false;
    m_templates->setCurrentIndex(index);
    return true;
}

QWidget* TemplateDialog::field(const QString& key) const {
    for (const Field& f : m_fields[static_cast<std::size_t>(m_templates->currentIndex())])
        if (f.key == key) return f.number ? static_cast<QWidget*>(f.number) : f.choice;
    return nullptr;
}

QString TemplateDialog::spec() const {
    QStringList values;
    for (const Field& f : m_fields[static_cast<std::size_t>(m_templates->currentIndex())])
        values << f.key + u'=' + (f.number ? QString::number(f.number->value()) : f.choice->currentText());
    const QString name = m_templates->currentText();
    return values.isEmpty() ? name : name + u'?' + values.join(u'&');
}

} // namespace planscope::ui
