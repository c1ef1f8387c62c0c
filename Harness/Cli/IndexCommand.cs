using EventCommitLab.Harness.Runs;

namespace EventCommitLab.Harness.Cli;

/// <summary><c>index</c>: writes results/INDEX.md from the committed runs and the links of the README and docs/.</summary>
public static class IndexCommand
{
    public const string Name = "index";

    /// <summary><c>index</c> on the command line.</summary>
    internal static LabVerb Verb => new(
        Name, $"writes results/{ResultsIndex.FileName}: every committed run, its source, its page, current or superseded", "", [],
        (_, o) => o with { Verb = Name }, startsStore: false);

    public static int Run(TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(output);

        var root = ResultsFolder.Root;
        if (!Directory.Exists(root))
        {
            throw new ArgumentException($"index: there is no results folder at {root}; run it from the repository.");
        }

        var target = Path.Combine(root, ResultsIndex.FileName);
        File.WriteAllText(target, ResultsIndex.Write(root, ResultsIndex.LabPages(Path.GetDirectoryName(root)!)));
        output.WriteLine($"Written to {target}");
        return 0;
    }
}
