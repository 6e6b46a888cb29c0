#include "tensor_list_panel.h"

#include "model/tensor_list_model.h"
#include "session/graph_session.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace planscope::ui {

using namespace Qt::StringLiterals;

TensorListPanel::TensorListPanel(GraphSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new TensorListModel(this)), m_proxy(new QSortFilterProxyModel(this)),
      m_filter(new QLineEdit(this)), m_table(new QTableView(this)) {
    setObjectName(u"tensorListPanel"_s);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(TensorListModel::SortRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_filter->setPlaceholderText(tr("Filter by name, op, type or shape"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, &TensorListPanel::setFilterText);

    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // id order until the user sorts
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &TensorListPanel::onCurrentRowChanged);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_table);
    m_session->addObserver(this);
}

TensorListPanel::~TensorListPanel() {
    m_session->removeObserver(this);
    // The models and view go after this destructor; their teardown must not reach the session.
    m_table->selectionModel()->disconnect(this);
}

void TensorListPanel::setFilterText(const QString& text) {
    if (m_filter->text() != text) m_filter->setText(text);
    m_proxy->setFilterFixedString(text);
}

void TensorListPanel::onGraphLoaded(const planscope::graph_document& doc) {
    m_model->setDocument(doc);
    m_table->resizeColumnsToContents();
}

void TensorListPanel::onSelectionChanged(planscope::tensor_id tensor) {
    m_syncing = true;
    const QModelIndex index = m_proxy->mapFromSource(m_model->indexOf(tensor));
    if (index.isValid()) {
        m_table->selectionModel()->setCurrentIndex(
            index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_table->scrollTo(index);
    } else {
        m_table->selectionModel()->clearSelection();
    }
    m_syncing = false;
}

void TensorListPanel::onCurrentRowChanged() {
    if (m_syncing) return;
    m_session->setSelection(TensorListModel::tensorAt(m_table->selectionModel()->currentIndex()));
}

} // namespace planscope::ui
