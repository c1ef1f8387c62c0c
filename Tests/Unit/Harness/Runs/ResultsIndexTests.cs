using EventCommitLab.Harness.Runs;
using EventCommitLab.Reporting;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Runs;

public sealed class ResultsIndexTests
{
    [Fact]
    public void the_committed_index_is_what_the_generator_makes_of_the_committed_runs_and_the_lab_pages()
    {
        var repository = RepositoryFolder.Root;
        var results = Path.Combine(repository, "results");

        var generated = ResultsIndex.Write(results, ResultsIndex.LabPages(repository));

        Assert.True(File.Exists(Path.Combine(results, ResultsIndex.FileName)), "results/INDEX.md is missing: run `dotnet run -c Release --project Harness -- index`.");
        Assert.Equal(generated, File.ReadAllText(Path.Combine(results, ResultsIndex.FileName)));
    }

    [Fact]
    public void a_run_the_readme_links_is_current_one_its_pages_link_a_baseline_and_one_neither_links_superseded_with_its_source_from_its_record()
    {
        var root = Directory.CreateTempSubdirectory("commit-lab-index-");
        try
        {
            var linked = Directory.CreateDirectory(Path.Combine(root.FullName, "2026-01-02-postgres-quick")).FullName;
            var older = Directory.CreateDirectory(Path.Combine(root.FullName, "2026-01-01-postgres-quick")).FullName;
            var pageOnly = Directory.CreateDirectory(Path.Combine(root.FullName, "2026-01-01-postgres-tags")).FullName;
            var baseline = Directory.CreateDirectory(Path.Combine(root.FullName, "2026-01-01-postgres-quick-before")).FullName;
            foreach (var folder in new[] { linked, older })
            {
                File.WriteAllText(Path.Combine(folder, EventCommitLab.Engine.Results.RunRecord.FileName), EventCommitLab.Tests.Engine.SampleVerdicts.Run().ToJson());
                File.WriteAllText(Path.Combine(folder, VerdictWriter.FileName), "# Verdict: a test\n");
            }

            File.WriteAllText(Path.Combine(pageOnly, "summary.md"), "# Tags\n");
            File.WriteAllText(Path.Combine(baseline, "summary.md"), "# Before\n");
            File.WriteAllText(Path.Combine(linked, "NOTES.md"), "Against [the run before](../2026-01-01-postgres-quick-before/summary.md).\n");

            var index = ResultsIndex.Write(root.FullName, "the latest: results/2026-01-02-postgres-quick/verdict.md");

            Assert.Contains("4 runs, 1 current, 1 baselines.", index, StringComparison.Ordinal);
            Assert.Contains("| [2026-01-01-postgres-quick-before](2026-01-01-postgres-quick-before/summary.md) | suite (page only) | - | Before | baseline |", index, StringComparison.Ordinal);
            Assert.Contains("| [2026-01-02-postgres-quick](2026-01-02-postgres-quick/verdict.md) | main job | abc123 | Verdict: a test | **current** |", index, StringComparison.Ordinal);
            Assert.Contains("| [2026-01-01-postgres-quick](2026-01-01-postgres-quick/verdict.md) | main job | abc123 | Verdict: a test | superseded |", index, StringComparison.Ordinal);
            Assert.Contains("| [2026-01-01-postgres-tags](2026-01-01-postgres-tags/summary.md) | suite (page only) | - | Tags | superseded |", index, StringComparison.Ordinal);
        }
        finally
        {
            root.Delete(recursive: true);
        }
    }

    [Fact]
    public void a_run_a_docs_page_links_is_current_as_one_the_readme_links()
    {
        var repository = Directory.CreateTempSubdirectory("commit-lab-index-");
        try
        {
            var results = Directory.CreateDirectory(Path.Combine(repository.FullName, "results")).FullName;
            var docs = Directory.CreateDirectory(Path.Combine(repository.FullName, "docs")).FullName;
            foreach (var name in new[] { "2026-01-02-postgres-quick", "2026-01-01-postgres-depth", "2026-01-01-postgres-old" })
            {
                File.WriteAllText(Path.Combine(Directory.CreateDirectory(Path.Combine(results, name)).FullName, "summary.md"), "# A run\n");
            }

            File.WriteAllText(Path.Combine(repository.FullName, "README.md"), "The latest: [verdict](results/2026-01-02-postgres-quick/summary.md).\n");
            File.WriteAllText(Path.Combine(docs, "method.md"), "Why: [depth](../results/2026-01-01-postgres-depth/summary.md).\n");

            var index = ResultsIndex.Write(results, ResultsIndex.LabPages(repository.FullName));

            Assert.Contains("3 runs, 2 current, 0 baselines.", index, StringComparison.Ordinal);
            Assert.Contains("| [2026-01-01-postgres-depth](2026-01-01-postgres-depth/summary.md) | suite (page only) | - | A run | **current** |", index, StringComparison.Ordinal);
            Assert.Contains("| [2026-01-01-postgres-old](2026-01-01-postgres-old/summary.md) | suite (page only) | - | A run | superseded |", index, StringComparison.Ordinal);
        }
        finally
        {
            repository.Delete(recursive: true);
        }
    }
}
