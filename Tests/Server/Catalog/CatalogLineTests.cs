using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Harness.Stores;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Contract;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Catalog;

/// <summary>
/// Adding a strategy is its file plus one catalog line, and adding a store its project (its module in it) and one catalog line:
/// a test-only strategy and a test-only store, each added to its catalog for this test's flow of control only, are found
/// by everything derived from the catalogs (the command line, its help, the list verb, the contract's cases, the tests'
/// stores) and run through the main job end to end, verified.
/// </summary>
[Collection(CommandLineHelpCollection.Name)]
public sealed class CatalogLineTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("commit-lab-catalog-").FullName;

    [Fact]
    public async Task a_strategy_and_a_store_added_by_one_catalog_line_each_are_found_everywhere_and_run_verified()
    {
        using var strategyLine = StrategyCatalog.Including(StrategyRegistration.For((s, o) => new ProbeStrategy(s, o)));
        using var storeLine = StoreCatalog.Including(StoreRegistration.For(new ProbeStoreModule()));

        var chosen = LabOptions.Parse(["--store", "probe", "--probe-note", "noted", "--strategies", "probe"], new());
        Assert.Equal(("probe", "noted", "Probe"), (chosen.Store, chosen.StoreSetting<ProbeStoreSettings>().Note, Assert.Single(chosen.Strategies).Name));
        Assert.Contains(LabOptions.Parse([], new()).Strategies, s => s.Name == "Probe");
        Assert.Equal(["Probe"], LabOptions.Parse(["faults", "--strategies", "Probe"], new()).Strategies.Select(s => s.Name));
        var misplaced = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["--probe-note", "x"], new()));
        Assert.StartsWith("--probe-note does not apply to --store postgres; it is for --store probe", misplaced.Message, StringComparison.Ordinal);

        var help = new StringWriter();
        LabCommandLine.WriteHelp([], help);
        Assert.Contains($"{StrategyCatalog.DefaultRace[^2].Name}, Probe", help.ToString(), StringComparison.Ordinal);
        Assert.Contains(string.Join(", ", StoreCatalog.Names), help.ToString(), StringComparison.Ordinal);
        Assert.EndsWith(", probe", string.Join(", ", StoreCatalog.Names), StringComparison.Ordinal);
        Assert.Contains("--probe-note", help.ToString(), StringComparison.Ordinal);
        var strategies = new StringWriter();
        ListCommand.Run("strategies", strategies);
        var stores = new StringWriter();
        ListCommand.Run("stores", stores);
        Assert.Equal("Probe", strategies.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries)[^1]);
        Assert.Equal("probe", stores.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries)[^1]);

        Assert.Contains(CommitStrategyContract.Cases, c => c.Data == ("Probe", "probe"));
        Assert.Contains(LabStores.All, s => s.Name == "probe" && s.SkipReason() is null);

        var folder = Path.Combine(_root, "run");
        var options = LabOptions.Parse(
            ["--store", "probe", "--strategies", "Probe,InsertMany", "--load", "waves", "--methods", "CommitEvents", "--events", "3", "--concurrency", "2",
             "--contention", "none", "--reader", "none", "--job", "dry", "--out", folder],
            new());
        var exit = await LabRunner.RunAsync(options, "test", TextWriter.Null, CancellationToken.None);

        Assert.Equal(ExitCodes.Verified, exit);
        var record = RunRecord.Read(folder);
        var probe = Assert.Single(record.Cases, c => c.Contender == "Probe");
        Assert.True(probe.Succeeded && probe.Verification.Passed, probe.Failure);
        Assert.StartsWith("PostgreSQL", record.Environment.Store, StringComparison.Ordinal);
        Assert.Contains(record.Cases, c => c.Contender == "InsertMany" && c.Succeeded);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
