// The buffer strips' address axis: offset <-> x with zoom and pan, tick steps and labels, label
// fitting and the choice among a label's texts, by data rows.
#include "buffers/axis_geometry.h"

#include <QLocale>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;

Q_DECLARE_METATYPE(planscope::ui::AddressAxis)
Q_DECLARE_METATYPE(planscope::ui::LabelFit)

class TestBufferViewGeometry : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }
    void offsetToX_data();
    void offsetToX();
    void xToOffset_data();
    void xToOffset();
    void zoomKeepsTheByteUnderThePointer_data();
    void zoomKeepsTheByteUnderThePointer();
    void panIsClamped_data();
    void panIsClamped();
    void tickStep_data();
    void tickStep();
    void ticksCoverTheVisibleRange();
    void tickLabel_data();
    void tickLabel();
    void tickLabelInTheLocalesUnits_data();
    void tickLabelInTheLocalesUnits();
    void labelFit_data();
    void labelFit();
    void chooseLabel_data();
    void chooseLabel();
};

void TestBufferViewGeometry::offsetToX_data() {
    QTest::addColumn<AddressAxis>("axis");
    QTest::addColumn<qulonglong>("offset");
    QTest::addColumn<qreal>("x");
    const AddressAxis fit{1024, 10, 512, 1, 0};
    const AddressAxis zoomed{1024, 10, 512, 2, 100};
    QTest::newRow("start") << fit << 0ULL << qreal(10);
    QTest::newRow("middle") << fit << 512ULL << qreal(266);
    QTest::newRow("end") << fit << 1024ULL << qreal(522);
    QTest::newRow("zoomed x2, panned 100") << zoomed << 512ULL << qreal(422);
    QTest::newRow("zoomed: left of the view") << zoomed << 0ULL << qreal(-90);
}

void TestBufferViewGeometry::offsetToX() {
    QFETCH(AddressAxis, axis);
    QFETCH(qulonglong, offset);
    QFETCH(qreal, x);
    QCOMPARE(ui::offsetToX(axis, offset), x);
}

void TestBufferViewGeometry::xToOffset_data() {
    QTest::addColumn<AddressAxis>("axis");
    QTest::addColumn<qreal>("x");
    QTest::addColumn<qulonglong>("offset");
    const AddressAxis fit{1024, 10, 512, 1, 0};
    QTest::newRow("left edge") << fit << qreal(10) << 0ULL;
    QTest::newRow("middle") << fit << qreal(266) << 512ULL;
    QTest::newRow("rounds to the nearest byte") << fit << qreal(10.8) << 2ULL;
    QTest::newRow("left of the axis: clamped") << fit << qreal(0) << 0ULL;
    QTest::newRow("right of the axis: clamped") << fit << qreal(600) << 1024ULL;
    QTest::newRow("zoomed x2, panned 100") << AddressAxis{1024, 10, 512, 2, 100} << qreal(422) << 512ULL;
}

void TestBufferViewGeometry::xToOffset() {
    QFETCH(AddressAxis, axis);
    QFETCH(qreal, x);
    QFETCH(qulonglong, offset);
    QCOMPARE(ui::xToOffset(axis, x), offset);
}

void TestBufferViewGeometry::zoomKeepsTheByteUnderThePointer_data() {
    QTest::addColumn<AddressAxis>("axis");
    QTest::addColumn<qreal>("x");
    QTest::addColumn<qreal>("factor");
    QTest::addColumn<qreal>("zoom");
    QTest::addColumn<qreal>("pan");
    const AddressAxis fit{1024, 0, 1024, 1, 0};
    QTest::newRow("in at the middle") << fit << qreal(512) << qreal(2) << qreal(2) << qreal(512);
    QTest::newRow("in at the left edge") << fit << qreal(0) << qreal(2) << qreal(2) << qreal(0);
    QTest::newRow("out past fit: stays at 1") << fit << qreal(300) << qreal(0.5) << qreal(1) << qreal(0);
    QTest::newRow("out from x4") << AddressAxis{1024, 0, 1024, 4, 1000} << qreal(0) << qreal(0.5) << qreal(2) << qreal(500);
}

void TestBufferViewGeometry::zoomKeepsTheByteUnderThePointer() {
    QFETCH(AddressAxis, axis);
    QFETCH(qreal, x);
    QFETCH(qreal, factor);
    QFETCH(qreal, zoom);
    QFETCH(qreal, pan);
    const AddressAxis out = zoomedAt(axis, x, factor);
    QCOMPARE(out.zoom, zoom);
    QCOMPARE(out.pan, pan);
    if (zoom > 1) QCOMPARE(ui::xToOffset(out, x), ui::xToOffset(axis, x));
}

void TestBufferViewGeometry::panIsClamped_data() {
    QTest::addColumn<qreal>("dx");
    QTest::addColumn<qreal>("pan");
    QTest::newRow("right") << qreal(30) << qreal(30);
    QTest::newRow("left of the start") << qreal(-30) << qreal(0);
    QTest::newRow("past the end") << qreal(500) << qreal(100); // width x (zoom - 1)
}

void TestBufferViewGeometry::panIsClamped() {
    QFETCH(qreal, dx);
    QFETCH(qreal, pan);
    QCOMPARE(pannedBy(AddressAxis{1024, 0, 100, 2, 0}, dx).pan, pan);
}

void TestBufferViewGeometry::tickStep_data() {
    QTest::addColumn<AddressAxis>("axis");
    QTest::addColumn<qulonglong>("step");
    QTest::newRow("1 px per byte") << AddressAxis{1024, 0, 1024, 1, 0} << 128ULL;
    QTest::newRow("1 MiB over 800 px") << AddressAxis{1 << 20, 0, 800, 1, 0} << 131072ULL;
    QTest::newRow("10 px per byte") << AddressAxis{100, 0, 1000, 1, 0} << 8ULL;
    QTest::newRow("zoom x8 refines") << AddressAxis{1 << 20, 0, 800, 8, 0} << 16384ULL;
}

void TestBufferViewGeometry::tickStep() {
    QFETCH(AddressAxis, axis);
    QFETCH(qulonglong, step);
    QCOMPARE(ui::tickStep(axis, 70), step);
}

void TestBufferViewGeometry::ticksCoverTheVisibleRange() {
    QCOMPARE(ticks(AddressAxis{1024, 0, 1024, 1, 0}, 200), (std::vector<std::uint64_t>{0, 256, 512, 768, 1024}));
    // Zoomed x2 and scrolled to the second half: 512 .. 1024.
    QCOMPARE(ticks(AddressAxis{1024, 0, 1024, 2, 1024}, 400), (std::vector<std::uint64_t>{512, 768, 1024}));
}

void TestBufferViewGeometry::tickLabel_data() {
    QTest::addColumn<qulonglong>("bytes");
    QTest::addColumn<QString>("label");
    QTest::newRow("zero") << 0ULL << QStringLiteral("0");
    QTest::newRow("bytes") << 512ULL << QStringLiteral("512 bytes");
    QTest::newRow("1 KiB") << 1024ULL << QStringLiteral("1 KiB");
    QTest::newRow("1.5 KiB") << 1536ULL << QStringLiteral("1.5 KiB");
    QTest::newRow("1.25 KiB") << 1280ULL << QStringLiteral("1.25 KiB");
    QTest::newRow("3 MiB") << 3ULL * 1024 * 1024 << QStringLiteral("3 MiB");
    QTest::newRow("10 GiB") << (10ULL << 30) << QStringLiteral("10 GiB");
}

void TestBufferViewGeometry::tickLabel() {
    QFETCH(qulonglong, bytes);
    QFETCH(QString, label);
    QCOMPARE(ui::tickLabel(bytes), label);
}

void TestBufferViewGeometry::tickLabelInTheLocalesUnits_data() {
    QTest::addColumn<QString>("locale");
    QTest::addColumn<qulonglong>("bytes");
    QTest::addColumn<QString>("label");
    QTest::newRow("fr: Kio, decimal comma") << u"fr_FR"_qs << 1536ULL << u"1,5 Kio"_qs;
    QTest::newRow("fr: Mio") << u"fr_FR"_qs << (3ULL << 20) << u"3 Mio"_qs;
    QTest::newRow("de: KiB, decimal comma") << u"de_DE"_qs << 1280ULL << u"1,25 KiB"_qs;
}

void TestBufferViewGeometry::tickLabelInTheLocalesUnits() {
    QFETCH(QString, locale);
    QFETCH(qulonglong, bytes);
    QFETCH(QString, label);
    QLocale::setDefault(QLocale(locale));
    const QString got = ui::tickLabel(bytes);
    QLocale::setDefault(QLocale::c());
    QCOMPARE(got, label);
}

void TestBufferViewGeometry::labelFit_data() {
    QTest::addColumn<qreal>("available");
    QTest::addColumn<qreal>("text");
    QTest::addColumn<LabelFit>("fit");
    QTest::newRow("room to spare") << qreal(50) << qreal(40) << LabelFit::Full;
    QTest::newRow("exactly") << qreal(40) << qreal(40) << LabelFit::Full;
    QTest::newRow("elided") << qreal(30) << qreal(40) << LabelFit::Elided;
    QTest::newRow("too narrow") << qreal(20) << qreal(40) << LabelFit::Hidden;
}

void TestBufferViewGeometry::labelFit() {
    QFETCH(qreal, available);
    QFETCH(qreal, text);
    QFETCH(LabelFit, fit);
    QCOMPARE(ui::labelFit(available, text, 24), fit);
}

void TestBufferViewGeometry::chooseLabel_data() {
    // Widths of "weights: 1.1 MiB, 48 tensors", "weights: 1.1 MiB", "weights", say.
    QTest::addColumn<QList<qreal>>("widths");
    QTest::addColumn<qreal>("available");
    QTest::addColumn<int>("index");
    QTest::addColumn<LabelFit>("fit");
    const QList<qreal> three{150, 90, 45};
    QTest::newRow("room for all of it") << three << qreal(200) << 0 << LabelFit::Full;
    QTest::newRow("exactly all of it") << three << qreal(150) << 0 << LabelFit::Full;
    QTest::newRow("the count goes first") << three << qreal(149) << 1 << LabelFit::Full;
    QTest::newRow("then the size") << three << qreal(60) << 2 << LabelFit::Full;
    QTest::newRow("then the name is elided") << three << qreal(30) << 2 << LabelFit::Elided;
    QTest::newRow("then nothing") << three << qreal(23) << 2 << LabelFit::Hidden;
    QTest::newRow("one text: whole") << QList<qreal>{40} << qreal(40) << 0 << LabelFit::Full;
    QTest::newRow("one text: elided") << QList<qreal>{40} << qreal(24) << 0 << LabelFit::Elided;
    QTest::newRow("no text") << QList<qreal>{} << qreal(100) << 0 << LabelFit::Hidden;
}

void TestBufferViewGeometry::chooseLabel() {
    QFETCH(QList<qreal>, widths);
    QFETCH(qreal, available);
    QFETCH(int, index);
    QFETCH(LabelFit, fit);
    const std::vector<qreal> w(widths.begin(), widths.end());
    const LabelChoice choice = ui::chooseLabel(w, available, 24);
    QCOMPARE(choice.index, static_cast<std::size_t>(index));
    QCOMPARE(choice.fit, fit);
}

QTEST_GUILESS_MAIN(TestBufferViewGeometry)
#include "test_buffer_view_geometry.moc"
