using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Floor;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Engine.Results;

/// <summary>A suite run whose pages cannot be written keeps what it measured.</summary>
public sealed class SuiteRecordTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("commit-lab-suite-record-").FullName;

    [Fact]
    public async Task a_page_that_cannot_be_written_keeps_the_measured_record_in_a_completed_folder_and_says_how_to_write_it()
    {
        var folder = Path.Combine(_root, "run");
        var options = LabOptions.Parse(["suite", "floor", "--out", folder], PostgresStoreConfiguration.FromEnvironment());
        PagesNotWrittenException error;
        await using (var run = await SuiteRun.StartAsync(options, FloorSuite.Name, TextWriter.Null, CancellationToken.None))
        {
            error = Assert.Throws<PagesNotWrittenException>(() => run.Complete(
                working => File.WriteAllText(Path.Combine(working, SuiteRecord.FileName), "{}"),
                _ => throw new InvalidOperationException("a writer failed")));
        }

        Assert.True(File.Exists(Path.Combine(folder, SuiteRecord.FileName)));
        Assert.False(Directory.Exists(folder + ".partial"));
        Assert.Equal(folder, error.Folder);
        Assert.Contains($"`report {folder}` writes them", error.Message, StringComparison.Ordinal);
        Assert.Contains("a writer failed", error.Message, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
