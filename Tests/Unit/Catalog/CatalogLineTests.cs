using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Catalog;

/// <summary>Adding a suite is its folder plus one catalog line: a test-only suite is found by its verb, its help and the list verb, and runs from the command line.</summary>
[Collection(CommandLineHelpCollection.Name)]
public sealed class CatalogLineTests
{
    [Fact]
    public async Task a_suite_added_by_one_catalog_line_has_its_verb_its_help_its_list_entry_and_runs_from_the_command_line()
    {
        var ran = new List<(string? Settings, string CommandLine)>();
        var probe = new SuiteRegistration(
            "probe-suite",
            () => new LabVerb("probe-suite", "a test-only suite", "its workload is its own", [], (_, o) => o with { Suite = "probe-suite", SuiteSettings = "its settings" }),
            Report: null,
            (options, commandLine, console, cancellationToken) =>
            {
                ran.Add((options.SuiteSetting<string>(), commandLine));
                return Task.FromResult(ExitCodes.Verified);
            });
        using var suiteLine = SuiteCatalog.Including(probe);

        var help = new StringWriter();
        LabCommandLine.WriteHelp([], help);
        Assert.Contains("probe-suite", help.ToString(), StringComparison.Ordinal);
        var suites = new StringWriter();
        ListCommand.Run("suites", suites);
        Assert.Equal("probe-suite", suites.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries)[^1]);
        var refused = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["probe-suite", "--events", "3"], new()));
        Assert.StartsWith("probe-suite: --events has no meaning here (its workload is its own)", refused.Message, StringComparison.Ordinal);

        var exit = await LabHost.RunAsync(["probe-suite", "--label", "x"], TextWriter.Null, TextWriter.Null, CancellationToken.None);

        Assert.Equal(ExitCodes.Verified, exit);
        Assert.Equal(("its settings", "dotnet run -c Release --project Harness -- probe-suite --label x"), Assert.Single(ran));
    }
}
