using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Catalog;

/// <summary>docs/strategies.md's table tells the catalog's truth: a row per strategy, in catalog order, its claims as the registration carries them.</summary>
public sealed class StrategyTableTests
{
    [Fact]
    public void the_strategy_table_has_a_row_per_catalog_strategy_with_the_claims_its_registration_carries()
    {
        var rows = File.ReadLines(Path.Combine(RepositoryFolder.Root, "docs", "strategies.md"))
            .Where(line => line.StartsWith("| `", StringComparison.Ordinal))
            .Select(line => line.Split('|', StringSplitOptions.TrimEntries))
            .Select(cells => (Name: cells[1].Trim('`'), Claims: cells[3..7].Select(c => c.StartsWith("yes", StringComparison.Ordinal)).ToArray()))
            .ToList();

        Assert.Equal(StrategyCatalog.Names, rows.Select(r => r.Name));
        Assert.All(rows, row =>
        {
            var claims = StrategyCatalog.Get(row.Name).Claims;
            Assert.Equal([claims.AtomicMultiEventCommit, claims.GapFreeSequence, claims.ContiguousCommit, claims.SafeWithSeveralWriterProcesses], row.Claims);
        });
    }
}
