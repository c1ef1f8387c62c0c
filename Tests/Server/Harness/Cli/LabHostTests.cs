using EventCommitLab.Harness.Cli;

namespace EventCommitLab.Tests.Harness.Cli;

/// <summary>The harness from its arguments to its exit code on a real run: a cancelled one.</summary>
public sealed class LabHostTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("commit-lab-host-").FullName;

    [Fact]
    public async Task a_cancelled_run_exits_130_says_so_and_leaves_no_folder()
    {
        var error = new StringWriter();
        var folder = Path.Combine(_root, "run");
        using var cancel = new CancellationTokenSource(TimeSpan.FromSeconds(8));

        var exit = await LabHost.RunAsync(
            ["--strategies", "InsertMany", "--load", "waves", "--methods", "CommitEvents", "--events", "1", "--concurrency", "2", "--rounds", "100", "--window", "1", "--out", folder],
            TextWriter.Null, error, cancel.Token);

        Assert.True(exit == ExitCodes.Cancelled, $"exit {exit}: {error}");
        Assert.StartsWith("cancelled: nothing was written", error.ToString(), StringComparison.Ordinal);
        Assert.Empty(Directory.EnumerateFileSystemEntries(_root));
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
