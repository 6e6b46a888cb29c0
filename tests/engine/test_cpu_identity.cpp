// The CPU backend's view of the machine (backend/cpu/cpu_identity.h, qdot_choice.h, cpu_report.h):
// CPUID family and model to microarchitecture for a table of real CPUs, which of them split
// 512-bit operations, the quantised kernels each kind of CPU gets, and this machine's report.
#include "backend/cpu/cpu_identity.h"
#include "backend/cpu/cpu_report.h"
#include "backend/cpu/qdot_choice.h"
#include "backend/cpu/simd.h"

#include <QtTest>

using namespace planscope;
using namespace planscope::cpu;

Q_DECLARE_METATYPE(planscope::cpu::qdot_isa)

class TestCpuIdentity : public QObject {
    Q_OBJECT

private slots:
    void microarchitectures_data();
    void microarchitectures();
    void qdotPolicy_data();
    void qdotPolicy();
    void thisMachine();
};

void TestCpuIdentity::microarchitectures_data() {
    QTest::addColumn<QString>("vendor");
    QTest::addColumn<uint>("family");
    QTest::addColumn<uint>("model");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("split512");
    QTest::addColumn<bool>("amx");
    // CPUID leaf 1 of each, extended fields folded in (as /proc/cpuinfo's "cpu family" and "model").
    QTest::newRow("EPYC 7B13 (Milan)") << "AuthenticAMD" << 0x19u << 0x01u << "Zen 3" << false << false;
    QTest::newRow("Ryzen 5 5600X (Vermeer)") << "AuthenticAMD" << 0x19u << 0x21u << "Zen 3" << false << false;
    QTest::newRow("EPYC 9R14 (Genoa)") << "AuthenticAMD" << 0x19u << 0x11u << "Zen 4" << true << false;
    QTest::newRow("Ryzen 9 7950X (Raphael)") << "AuthenticAMD" << 0x19u << 0x61u << "Zen 4" << true << false;
    QTest::newRow("Ryzen 7 8845HS (Phoenix)") << "AuthenticAMD" << 0x19u << 0x75u << "Zen 4" << true << false;
    QTest::newRow("EPYC 9R45 (Turin)") << "AuthenticAMD" << 0x1au << 0x02u << "Zen 5" << false << false;
    QTest::newRow("EPYC 7R32 (Rome)") << "AuthenticAMD" << 0x17u << 0x31u << "Zen 2" << false << false;
    QTest::newRow("Xeon 8375C (Ice Lake-SP)") << "GenuineIntel" << 6u << 0x6au << "Ice Lake-SP" << false << false;
    QTest::newRow("Xeon 8488C (Sapphire Rapids)") << "GenuineIntel" << 6u << 0x8fu << "Sapphire Rapids" << false << false;
    QTest::newRow("Core i9-13900K (Raptor Lake)") << "GenuineIntel" << 6u << 0xb7u << "Raptor Lake" << false << false;
    // A KVM guest's CPUID: Rocket Lake's model number on a Xeon with AMX.
    QTest::newRow("KVM Xeon with AMX") << "GenuineIntel" << 6u << 0xa7u << "Sapphire Rapids or later (AMX)" << false << true;
    QTest::newRow("an unknown Intel") << "GenuineIntel" << 6u << 0x01u << "" << false << false;
    QTest::newRow("another vendor") << "HygonGenuine" << 0x18u << 0x00u << "" << false << false;
}

void TestCpuIdentity::microarchitectures() {
    QFETCH(QString, vendor);
    QFETCH(uint, family);
    QFETCH(uint, model);
    QFETCH(QString, name);
    QFETCH(bool, split512);
    QFETCH(bool, amx);
    const cpu_identity id = identify(vendor.toStdString(), family, model, amx);
    QCOMPARE(QString::fromStdString(id.microarchitecture), name);
    QCOMPARE(id.split_512, split512);
    QCOMPARE(id.family, family);
    QCOMPARE(id.model, model);
}

void TestCpuIdentity::qdotPolicy_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<bool>("avx2");
    QTest::addColumn<bool>("vnni");
    QTest::addColumn<QString>("vendor");
    QTest::addColumn<uint>("family");
    QTest::addColumn<uint>("model");
    QTest::addColumn<qdot_isa>("decode");
    QTest::addColumn<qdot_isa>("batched");
    const int q4_0 = int(dtype::q4_0), q8_0 = int(dtype::q8_0), q4_k = int(dtype::q4_k);
    QTest::newRow("baseline x86-64") << q4_0 << false << false << "AuthenticAMD" << 0x1au << 0x02u << qdot_isa::plain << qdot_isa::plain;
    QTest::newRow("AVX2 only") << q4_0 << true << false << "GenuineIntel" << 6u << 0x9eu << qdot_isa::avx2 << qdot_isa::avx2;
    QTest::newRow("Zen 5, q4_0") << q4_0 << true << true << "AuthenticAMD" << 0x1au << 0x02u << qdot_isa::vnni512 << qdot_isa::vnni512;
    QTest::newRow("Zen 5, q4_K") << q4_k << true << true << "AuthenticAMD" << 0x1au << 0x02u << qdot_isa::vnni512 << qdot_isa::vnni512;
    QTest::newRow("Zen 4 (split)") << q4_0 << true << true << "AuthenticAMD" << 0x19u << 0x11u << qdot_isa::vnni256 << qdot_isa::vnni512;
    QTest::newRow("Intel, q4_0") << q4_0 << true << true << "GenuineIntel" << 6u << 0x8fu << qdot_isa::vnni512 << qdot_isa::vnni512;
    QTest::newRow("Intel, q8_0") << q8_0 << true << true << "GenuineIntel" << 6u << 0x8fu << qdot_isa::vnni256 << qdot_isa::vnni512;
    QTest::newRow("Intel, q4_K") << q4_k << true << true << "GenuineIntel" << 6u << 0x8fu << qdot_isa::vnni256 << qdot_isa::vnni256;
}

void TestCpuIdentity::qdotPolicy() {
    QFETCH(int, type);
    QFETCH(bool, avx2);
    QFETCH(bool, vnni);
    QFETCH(QString, vendor);
    QFETCH(uint, family);
    QFETCH(uint, model);
    QFETCH(qdot_isa, decode);
    QFETCH(qdot_isa, batched);
    const qdot_choice c = choose_qdot(static_cast<dtype>(type), avx2, vnni, identify(vendor.toStdString(), family, model));
    QCOMPARE(c.decode, decode);
    QCOMPARE(c.batched, batched);
}

void TestCpuIdentity::thisMachine() {
    const qdot_choice here = qdot_choice_here(dtype::q4_0);
    QCOMPARE(here.decode, choose_qdot(dtype::q4_0, has_avx2(), has_avx512_vnni(), this_cpu()).decode);
    // Every kernel the choice names exists here.
    QVERIFY(qgemm_of(dtype::q4_0, here.decode));
    QVERIFY(qgemm_of(dtype::q4_0, here.batched));
    const QString report = QString::fromStdString(cpu_report());
    QVERIFY2(report.startsWith(u"cpu: "), qPrintable(report));
    const QString line = QStringLiteral("\nMUL_MAT q4_0: ") + QString::fromUtf8(name(here.decode).data()) +
                         QStringLiteral(" for one row (decode), ");
    QVERIFY2(report.contains(line), qPrintable(report));
#if PLANSCOPE_X86_SIMD
    QVERIFY(!this_cpu().vendor.empty());
    QCOMPARE(this_cpu().vendor.size(), std::size_t{12});
#endif
}

QTEST_GUILESS_MAIN(TestCpuIdentity)
#include "test_cpu_identity.moc"
