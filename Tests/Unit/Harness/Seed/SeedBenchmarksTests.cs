using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using EventCommitLab.Harness.Seed;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Seed;

/// <summary>The seed's benchmark class as BenchmarkDotNet sees it, its verb, and how two seed runs are compared.</summary>
public sealed class SeedBenchmarksTests : IDisposable
{
    private readonly string _artifacts = Directory.CreateTempSubdirectory("commit-lab-seed-").FullName;

    public void Dispose() => Directory.Delete(_artifacts, recursive: true);

    [Fact]
    public void benchmarkdotnet_finds_the_seeds_parameters_methods_and_strategies()
    {
        SeedContext.Strategies = StrategyCatalog.Seed;

        var cases = BenchmarkConverter.TypeToBenchmarks(typeof(SeedBenchmarks), QuietBenchmarkConfig.For(Job.Dry, _artifacts)).BenchmarksCases;

        Assert.Equal(7 * 3 * 3 * 2, cases.Length);
        Assert.Equal(["CommitAggregateEvents", "CommitEvents"], cases.Select(c => c.Descriptor.WorkloadMethod.Name).Distinct().Order(StringComparer.Ordinal));
        Assert.Equal([1, 10, 100], cases.Select(c => (int)c.Parameters["NumberOfEvents"]).Distinct().Order());
        Assert.Equal([1, 10, 100], cases.Select(c => (int)c.Parameters["ConcurrentBatches"]).Distinct().Order());
        Assert.Equal(StrategyCatalog.Seed.Select(s => s.Name).Order(StringComparer.Ordinal), cases.Select(c => (string)c.Parameters["Strategy"]).Distinct().Order(StringComparer.Ordinal));
    }

    [Fact]
    public void the_seed_verb_runs_the_seeds_seven_strategies_unless_told_and_refuses_the_main_grids_options()
    {
        var options = LabOptions.Parse(["seed"], new PostgresStoreConfiguration());
        Assert.Equal(("seed", SeedSettings.Default), (options.Suite, options.SuiteSettings));
        Assert.Equal(StrategyCatalog.Seed, options.Strategies);
        Assert.Equal(["InsertMany"], LabOptions.Parse(["seed", "--strategies", "InsertMany", "--iterations", "5"], new PostgresStoreConfiguration()).Strategies.Select(s => s.Name));

        var error = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["seed", "--events", "5"], new PostgresStoreConfiguration()));

        Assert.StartsWith("seed: --events has no meaning here", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void two_seed_runs_are_compared_by_their_fastest_strategy_and_the_pairs_their_intervals_separate()
    {
        static SeedCase Case(string strategy, double mean, double halfWidth) =>
            new(strategy, "CommitEvents", 10, 10, mean, 1, mean - halfWidth, mean + halfWidth, 0.999, 10, null);
        static SeedRun Run(params SeedCase[] cases) =>
            new("cpu", 2, "os", "runtime", "PostgreSQL", "durable", "0.15.8", "job", "seed", null, DateTimeOffset.UnixEpoch, DateTimeOffset.UnixEpoch, cases);

        var older = Run(Case("A", 10, 1), Case("B", 20, 1), Case("C", 30, 1));
        var newer = Run(Case("A", 25, 1), Case("B", 20, 1), Case("C", 30.5, 1));

        var text = SeedComparer.Compare(older, newer, "one", "two");

        Assert.Contains("the same in 0 of 1 rows", text, StringComparison.Ordinal);
        Assert.Contains("Pairs of strategies** in a row: 3; separated by BenchmarkDotNet's intervals in both runs 3 (in the same order 2, **in opposite orders 1**: conflicts), in one run only 0, in neither 0.", text, StringComparison.Ordinal);
        Assert.Contains("within ±15% of each other: 2 of 3 cases", text, StringComparison.Ordinal);
    }
}
