using System.CommandLine;
using EventCommitLab.Engine.Results;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Cli;

/// <summary><c>compare OLD NEW [--out FILE]</c>: prints the ratio table and writes it (default: compare-vs-OLD.md in NEW).</summary>
public static class CompareCommand
{
    public const string Name = "compare";

    private static readonly Argument<string> Older = new("OLD_RUN_FOLDER") { Description = "the earlier run" };

    private static readonly Argument<string> Newer = new("NEW_RUN_FOLDER") { Description = "the later run; the table is written into it unless --out says otherwise" };

    private static readonly Option<string> Out = LabOption.Text("--out", "FILE", "where to write the table [NEW_RUN_FOLDER/compare-vs-OLD.md]");

    /// <summary><c>compare</c> on the command line.</summary>
    internal static LabVerb Verb => new LabVerb(
        Name, "the ratio table of two runs of the main job, cell by cell, and where their verdicts agree", "", [Out],
        (r, o) => o with { Verb = Name, VerbArguments = [r.GetValue(Older)!, r.GetValue(Newer)!], Out = r.GetValue(Out) },
        startsStore: false)
    {
        Arguments = { Older, Newer },
    };

    /// <param name="folders">The older run's folder, then the newer's.</param>
    /// <param name="outFile">Where to write the table; null for <c>compare-vs-OLD.md</c> in the newer run's folder.</param>
    public static int Run(IReadOnlyList<string> folders, string? outFile, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(folders);
        ArgumentNullException.ThrowIfNull(output);
        if (folders.Count != 2)
        {
            throw new ArgumentException("compare needs two run folders. Usage: compare OLD_RUN_FOLDER NEW_RUN_FOLDER [--out FILE]");
        }

        var positional = folders;
        var oldName = Path.GetFileName(Path.TrimEndingDirectorySeparator(Path.GetFullPath(positional[0])));
        var newName = Path.GetFileName(Path.TrimEndingDirectorySeparator(Path.GetFullPath(positional[1])));
        var target = outFile ?? Path.Combine(Directory.Exists(positional[1]) ? positional[1] : Path.GetDirectoryName(positional[1])!, $"compare-vs-{oldName}.md");
        string table;
        try
        {
            var (olderSeed, newerSeed) = (Seed.SeedRun.TryRead(positional[0]), Seed.SeedRun.TryRead(positional[1]));
            if (olderSeed is not null || newerSeed is not null)
            {
                table = olderSeed is not null && newerSeed is not null
                    ? Seed.SeedComparer.Compare(olderSeed, newerSeed, oldName, newName)
                    : throw new ArgumentException("compare: one folder holds a seed run (seed.json) and the other does not; compare two seed runs, or two runs of the main job.");
            }
            else if ((SuiteRecord.TryRead(positional[0]), SuiteRecord.TryRead(positional[1])) is var (olderSuite, newerSuite) && (olderSuite is not null || newerSuite is not null))
            {
                table = olderSuite is { } o && newerSuite is { } n && o.Suite == n.Suite
                    ? SuiteComparer.Compare(
                        o.Suite, SuiteReports.Get(o.Suite, positional[0]).Figures(o.Result, positional[0]), SuiteReports.Get(n.Suite, positional[1]).Figures(n.Result, positional[1]), oldName, newName,
                        SuiteReports.Get(o.Suite, positional[0]).Verdicts(o.Result, positional[0]), SuiteReports.Get(n.Suite, positional[1]).Verdicts(n.Result, positional[1]))
                    : throw new ArgumentException(
                        $"compare: {oldName} is {Kind(olderSuite?.Suite)} and {newName} is {Kind(newerSuite?.Suite)}; compare two runs of one suite, or two runs of the main job.");
            }
            else
            {
                table = RunComparer.Compare(RunRecord.Read(positional[0]), RunRecord.Read(positional[1]), oldName, newName);
            }
        }
        catch (Exception e) when (e is FileNotFoundException or InvalidDataException)
        {
            throw new ArgumentException($"compare: {e.Message}", e);
        }

        File.WriteAllText(target, table);
        output.WriteLine(table);
        output.WriteLine($"Written to {target}");
        return 0;
    }

    private static string Kind(string? suite) => suite is null ? "a run of the main job (or no run)" : $"a run of the {suite} suite";
}
