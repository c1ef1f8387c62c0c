using EventCommitLab.Contract.Port;
using EventCommitLab.Reporting;
using EventCommitLab.Stores.Mongo;
using EventCommitLab.Tests.Engine;

namespace EventCommitLab.Tests.Reporting;

public sealed class CarryOverSectionTests
{
    private static readonly StoreCommitShapes Shapes = new(
        "other", "OtherStore", "a second transaction on a document is aborted", "dotnet run -- --store other",
        [
            new CommitShape("Pipeline", ["findAndModify", "insert", "commitTransaction"], ["find", "update", "findAndModify", "insert", "commitTransaction"], 1, SharedWrite.OncePerBatch, "the counter"),
            new CommitShape("Sequence", ["insert", "commitTransaction"], ["update", "insert", "commitTransaction"], 1, SharedWrite.Nothing),
            new CommitShape("CurrentImplementation", ["aggregate", "insert", "commitTransaction"], ["update", "aggregate", "insert", "commitTransaction"], 1, SharedWrite.InTransaction, "the next numbers"),
        ]);

    [Fact]
    public void a_store_the_run_did_not_measure_gets_its_shapes_each_choice_reasoned_and_the_command_that_measures_it()
    {
        var run = SampleVerdicts.Run() with { CommitShapes = [Shapes] };

        var page = VerdictWriter.Write(run);

        Assert.Contains("## What carries over to OtherStore (reasoned, not measured)", page, StringComparison.Ordinal);
        Assert.Contains("| Pipeline | 3: findAndModify insert commitTransaction | 5: find update findAndModify insert commitTransaction | the counter | never meets one (one writer per batch) | safe |", page, StringComparison.Ordinal);
        Assert.Contains("| Sequence | 2: insert commitTransaction | 3: update insert commitTransaction | nothing | - | unsafe |", page, StringComparison.Ordinal);
        // At one committer Pipeline and Sequence are equivalent here, and Sequence sends fewer commands there.
        Assert.Contains("may flip to Sequence: within the margin here, fewer commands per commit there", page, StringComparison.Ordinal);
        Assert.Contains("expected to hold: one writer sends a batch's commands, so committers never meet at the counter", page, StringComparison.Ordinal);
        // Each expectation names the profiles it holds in: a row may carry over in one profile and flip in another.
        var expectations = page[page.IndexOf("| Guarantees | Choice | Decided rows | On OtherStore |", StringComparison.Ordinal)..].Split('\n').Skip(2).TakeWhile(l => l.StartsWith('|')).ToArray();
        Assert.NotEmpty(expectations);
        Assert.All(expectations, l => Assert.Matches(@"^\| (every profile|((Unique numbers|Unique numbers, several writer processes|Gap-free, visible in order)(; )?)+) \| \*\*\w+\*\* \| \d+: ", l));
        Assert.Equal(expectations.Length, expectations.Select(l => string.Join('|', l.Split('|').Skip(2).Where((_, i) => i != 1))).Distinct().Count());
        Assert.Contains("To measure it on your own replica set: `dotnet run -- --store other`.", page, StringComparison.Ordinal);
    }

    [Fact]
    public void the_mongodb_section_has_no_line_outside_its_tables_over_two_hundred_characters()
    {
        var page = CarryOverSection.Write(SampleVerdicts.Run() with { CommitShapes = [MongoCommitShapes.All] });

        Assert.All(page.Split('\n').Where(l => !l.StartsWith('|')), l => Assert.True(l.Length <= 200, $"{l.Length}: {l}"));
    }

    [Fact]
    public void a_run_of_that_store_says_its_figures_are_that_stores_own_and_a_run_without_shapes_has_no_section()
    {
        var run = SampleVerdicts.Run() with { CommitShapes = [Shapes with { RanHere = true }] };

        Assert.Contains("This run measured OtherStore itself: every figure above is its own.", VerdictWriter.Write(run), StringComparison.Ordinal);
        Assert.DoesNotContain("carries over", VerdictWriter.Write(run), StringComparison.Ordinal);
        Assert.DoesNotContain("carries over", VerdictWriter.Write(SampleVerdicts.Run()), StringComparison.Ordinal);
    }

    [Fact]
    public void a_choice_that_writes_a_shared_document_in_each_transaction_is_not_expected_to_hold_beyond_one_committer()
    {
        var shapes = Shapes with { Strategies = [.. Shapes.Strategies.Select(s => s.Strategy == "Pipeline" ? s with { Shares = SharedWrite.InTransaction } : s)] };

        var page = VerdictWriter.Write(SampleVerdicts.Run() with { CommitShapes = [shapes] });

        Assert.Contains("may not hold: each commit writes the counter in its own transaction, and with 10 committers a second one is aborted and retried there", page, StringComparison.Ordinal);
    }

    [Fact]
    public void the_mongodb_store_states_a_shape_for_every_design_it_runs_and_docs_print_its_table()
    {
        var docs = File.ReadAllText(Path.Combine(Infrastructure.RepositoryFolder.Root, "docs", "strategies.md"));
        var table = CommitShapeTable.Write(MongoCommitShapes.All, name => EventCommitLab.Strategies.StrategyCatalog.All.FirstOrDefault(r => r.Name == name)?.Claims.SafeWithSeveralWriterProcesses);

        Assert.Contains(table, docs.ReplaceLineEndings("\n"), StringComparison.Ordinal);
        Assert.Equal(MongoCommitShapes.All.Strategies.Count, MongoCommitShapes.All.Strategies.Select(s => s.Strategy).Distinct().Count());
        Assert.All(MongoCommitShapes.All.Strategies, s => Assert.Contains(s.Strategy, EventCommitLab.Strategies.StrategyCatalog.Names));
    }
}
