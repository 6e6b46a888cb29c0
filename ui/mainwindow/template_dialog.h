#pragma once
// File > New from Template…: a built-in template (planscope::templates()) and, on one form per
// template, a field for each of its parameters. spec() is what make_template takes.
#include <QDialog>

#include <vector>

class QComboBox;
class QLabel;
class QSpinBox;
class QStackedWidget;

namespace planscope::ui {

class TemplateDialog final : public QDialog {
    Q_OBJECT

public:
    explicit TemplateDialog(QWidget* parent = nullptr);

    // "llama?n_vocab=512&n_embd=64&...": the chosen template with every field's value.
    [[nodiscard]] QString spec() const;
    // Selects a template by name; false when there is none of that name.
    bool selectTemplate(const QString& name);
    // The current template's editor for `key` (a QSpinBox, or a QComboBox for a choice), or null.
    [[nodiscard]] QWidget* field(const QString& key) const;

private:
    struct Field {
        QString key;
        QSpinBox* number = nullptr;
        QComboBox* choice = nullptr;
    };

    QWidget* createPage(std::size_t index);
    void showTemplate(int index);

    QComboBox* m_templates;
    QLabel* m_description;
    QStackedWidget* m_pages;
    std::vector<std::vector<Field>> m_fields; // per template, in its parameter order
};

} // namespace planscope::ui
