using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;

namespace EventCommitLab.Tests.Engine;

/// <summary>Known run records for the summary, chart and comparer tests, analysed by the lab's own statistics.</summary>
internal static class SampleRuns
{
    public static readonly RunEnvironment Environment = new(
        "Test CPU", 2, "24 GiB", "Linux", ".NET 10", new Dictionary<string, string> { ["Perfolizer"] = "0.3.17" },
        "PostgreSQL 15 (test)", "durable", 0.7, 3.1, 0, 300,
        new MeasurementSettings("quick", [LoadKind.Waves], 5, 0.5, 0.125, null, 20, 0.95, true),
        "dotnet run", "abc123", DateTimeOffset.UnixEpoch, DateTimeOffset.UnixEpoch.AddMinutes(15));

    public static readonly StrategyClaims[] Claims =
    [
        new("TransactionalCounter", true, true, true, true),
        new("InsertMany", true, false, true, false),
    ];

    /// <summary>Five rounds moving up and down together, as a shared machine moves every contender alike.</summary>
    public static double?[] Rounds(double level, params double[] wobble) =>
        [.. (wobble.Length == 0 ? [1.0, 1.02, 0.98, 1.01, 0.99] : wobble).Select(w => (double?)(level * w))];

    public static CaseResult Case(string contender, int concurrency, double?[] rounds, string? failure = null, LoadKind load = LoadKind.Waves, bool stoppedEarly = false,
        double? qualifying = null, EventCommitLab.Engine.Racing.RaceExit? exit = null, BenchmarkMethod method = BenchmarkMethod.CommitEvents, int numberOfEvents = 1)
    {
        var isCeiling = contender == "Ceiling";
        return new CaseResult(
            new CellKey(load, method, numberOfEvents, concurrency), contender, isCeiling,
            new RaceResult(null, rounds, rounds.Count(r => r is not null), stoppedEarly, null, false, false, qualifying, exit),
            new WriteSummary(
                100, isCeiling ? null : new LatencySummary(100, 1.5, 2.5, 3, 4, 9), isCeiling ? new LatencySummary(20, 1, 2, 2.5, 3, 5) : null, null,
                isCeiling ? null : 0.5, isCeiling ? null : 0, 0, 1000),
            new ProcessCost(2048, null, null),
            isCeiling ? VerificationTally.RowCount(1000, 1000) : failure is null ? new VerificationTally(VerificationKind.Verifier, true, 1000, 1000, []) : VerificationTally.NotChecked,
            TailingReaderSummaries.None, null, failure);
    }

    /// <summary>
    /// Two strategies and the ceiling in three cells: at 1 committer InsertMany wins clearly; at 10 InsertMany failed;
    /// at 100 the two are level (a tie). <paramref name="scale"/> multiplies every figure, <paramref name="insertManyAt1"/>
    /// InsertMany's at 1 committer only; <paramref name="counterStoppedAt1"/> stops TransactionalCounter there after round 1.
    /// </summary>
    public static RunRecord Run(double scale = 1, double insertManyAt1 = 1, bool tieBecomesWin = false, bool counterStoppedAt1 = false) => new(
        Environment,
        Claims,
        [
            .. CellAnalysis.Analyse(
            [
                Case("TransactionalCounter", 1, counterStoppedAt1 ? [100 * scale, null, null, null, null] : Rounds(100 * scale), stoppedEarly: counterStoppedAt1),
                Case("InsertMany", 1, Rounds(200 * scale * insertManyAt1)),
                Case("Ceiling", 1, Rounds(400 * scale)),
            ]),
            .. CellAnalysis.Analyse(
            [
                Case("TransactionalCounter", 10, Rounds(300 * scale)),
                Case("InsertMany", 10, [null, null, null, null, null], failure: "CommitRetriesExhaustedException: Retries exhausted after 201 attempts in 120 s; last transient failure: 23505: duplicate key"),
                Case("Ceiling", 10, Rounds(1000 * scale)),
            ]),
            .. CellAnalysis.Analyse(
            [
                Case("TransactionalCounter", 100, Rounds(500 * scale, 1.0, 1.04, 0.96, 1.02, 0.98)),
                Case("InsertMany", 100, Rounds(500 * scale * (tieBecomesWin ? 1.5 : 1), 1.02, 0.97, 1.01, 0.99, 1.03)),
                Case("Ceiling", 100, Rounds(2000 * scale)),
            ]),
        ]);
}
