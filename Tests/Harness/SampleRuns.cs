using EventCommitLab.Harness.Reporting;

namespace EventCommitLab.Tests.Harness;

/// <summary>Known run records for the exporter, chart and comparer tests.</summary>
internal static class SampleRuns
{
    public static readonly RunEnvironment Environment = new(
        "Test CPU", 2, "24 GiB", "Linux", ".NET 10", new Dictionary<string, string> { ["BenchmarkDotNet"] = "0.14.0" },
        "PostgreSQL 15 (test)", "durable", 0.7, 3.1, 0, 300, "quick", "dotnet run", "abc123", DateTimeOffset.UnixEpoch, DateTimeOffset.UnixEpoch.AddMinutes(15));

    public static readonly StrategyClaims[] Claims =
    [
        new("TransactionalCounter", true, true, true, true),
        new("InsertMany", true, false, true, false),
    ];

    public static CaseResult Case(string contender, int events, int concurrency, double? meanMs, double errorMs = 0.1, string? failure = null, string method = "CommitEvents")
    {
        var eventsPerSecond = meanMs is { } m ? events * concurrency / (m / 1000) : (double?)null;
        return new CaseResult(
            method, contender, contender == "Ceiling", events, concurrency,
            meanMs, meanMs is null ? null : errorMs, 0.05, 5, eventsPerSecond, null, meanMs / 2, meanMs, meanMs * 1.5,
            100, 20, contender == "Ceiling" ? null : 0.5, contender == "Ceiling" ? null : 0, 4096, 0, 1000,
            contender == "Ceiling" ? "not verified (ceiling)" : "clean: 1000 events expected, 1000 found", true, [], failure);
    }

    /// <summary>Two strategies and the ceiling over 1 event x {1, 10} concurrent, InsertMany failing at 10.</summary>
    public static RunRecord Run(double scale = 1) => new(
        Environment,
        Claims,
        CaseResults.WithCeilingFractions(
        [
            Case("TransactionalCounter", 1, 1, 4 * scale),
            Case("TransactionalCounter", 1, 10, 8 * scale),
            Case("InsertMany", 1, 1, 2 * scale),
            Case("InsertMany", 1, 10, null, failure: "Retries exhausted after 201 attempts in 120 s; last transient failure: 23505: duplicate key"),
            Case("Ceiling", 1, 1, 1 * scale),
            Case("Ceiling", 1, 10, 2 * scale),
        ]));
}
