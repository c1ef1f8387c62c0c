using EventCommitLab.Harness.Reporting;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness;

public sealed class ResultsIndexTests
{
    [Fact]
    public void the_committed_index_is_what_the_generator_makes_of_the_committed_runs_and_the_readme()
    {
        var repository = RepositoryFolder.Root;
        var results = Path.Combine(repository, "results");

        var generated = ResultsIndex.Write(results, File.ReadAllText(Path.Combine(repository, "README.md")));

        Assert.True(File.Exists(Path.Combine(results, ResultsIndex.FileName)), "results/INDEX.md is missing: run `dotnet run -c Release --project Harness -- index`.");
        Assert.Equal(generated, File.ReadAllText(Path.Combine(results, ResultsIndex.FileName)));
    }

    [Fact]
    public void a_run_the_readme_links_is_current_and_one_it_does_not_is_superseded_with_its_source_from_its_record()
    {
        var repository = RepositoryFolder.Root;

        var index = ResultsIndex.Write(Path.Combine(repository, "results"), "the seed pair: results/2026-11-24-postgres-seed-2/NOTES.md");

        Assert.Contains("| [2026-11-24-postgres-seed-2](2026-11-24-postgres-seed-2/seed.md) | seed (BenchmarkDotNet) | e0ea2626c2db-dirty | The seed's benchmark, run by BenchmarkDotNet (PostgreSQL 15.18, durable) | **current** |", index, StringComparison.Ordinal);
        Assert.Contains("| [2026-11-24-postgres-quick-5](2026-11-24-postgres-quick-5/verdict.md) | main job | b96042a389c0 | Verdict: how to commit events (PostgreSQL 15.18, durable) | superseded |", index, StringComparison.Ordinal);
        Assert.Contains("| [2026-11-23-postgres-tags-2](2026-11-23-postgres-tags-2/summary.md) | suite (page only) | - |", index, StringComparison.Ordinal);
    }
}
