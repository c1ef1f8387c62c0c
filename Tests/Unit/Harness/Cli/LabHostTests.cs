using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Suites;

namespace EventCommitLab.Tests.Harness.Cli;

/// <summary>The harness from its arguments to its exit code, as <c>dotnet run</c> runs it: help, tools and bad input.</summary>
public sealed class LabHostTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("commit-lab-host-").FullName;

    [Theory]
    [InlineData(new[] { "--events", "0" }, "--events")]
    [InlineData(new[] { "--strategies", "NoSuchStrategy" }, "NoSuchStrategy")]
    [InlineData(new[] { "--no-such-option" }, "--no-such-option")]
    [InlineData(new[] { "suite", "no-such-suite" }, "no-such-suite")]
    [InlineData(new[] { "--store", "no-such-store" }, "no-such-store")]
    [InlineData(new[] { "suite", "processes", "--methods", "CommitConditionalEvents" }, "CommitConditionalEvents")]
    public async Task bad_input_exits_2_with_one_error_line_naming_it_and_writes_nothing(string[] args, string named)
    {
        var (output, error) = (new StringWriter(), new StringWriter());
        var folder = Path.Combine(_root, "run");

        var exit = await LabHost.RunAsync([.. args, "--out", folder], output, error, CancellationToken.None);

        Assert.Equal(ExitCodes.BadInput, exit);
        var line = Assert.Single(error.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith("error: ", line, StringComparison.Ordinal);
        Assert.Contains(named, line, StringComparison.Ordinal);
        Assert.Empty(Directory.EnumerateFileSystemEntries(_root));
    }

    [Fact]
    public async Task a_tool_writes_its_answer_and_exits_0()
    {
        var (output, error) = (new StringWriter(), new StringWriter());

        var exit = await LabHost.RunAsync(["list", "suites"], output, error, CancellationToken.None);

        Assert.Equal(ExitCodes.Verified, exit);
        Assert.Equal(SuiteCatalog.All.Select(s => s.Name), output.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries));
        Assert.Empty(error.ToString());
    }

    [Fact]
    public async Task help_exits_0_and_names_every_suite()
    {
        var output = new StringWriter();

        var exit = await LabHost.RunAsync(["--help"], output, TextWriter.Null, CancellationToken.None);

        Assert.Equal(ExitCodes.Verified, exit);
        Assert.All(SuiteCatalog.All.Where(s => !s.UnderSuiteGroup), s => Assert.Contains(s.Name, output.ToString(), StringComparison.Ordinal));
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
