using EventCommitLab.Harness.Measurement;
using EventCommitLab.Harness.Reporting;

namespace EventCommitLab.Harness.Cli;

/// <summary><c>index</c>: writes results/INDEX.md from the committed runs and the README's links.</summary>
public static class IndexCommand
{
    public static int Run(IReadOnlyList<string> args, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        if (args.Count > 0)
        {
            throw new ArgumentException($"index takes no arguments; '{args[0]}' given. Usage: index (writes {ResultsIndex.FileName} under results/).");
        }

        var root = ResultsFolder.Root;
        if (!Directory.Exists(root))
        {
            throw new ArgumentException($"index: there is no results folder at {root}; run it from the repository.");
        }

        var readme = Path.Combine(Path.GetDirectoryName(root)!, "README.md");
        var target = Path.Combine(root, ResultsIndex.FileName);
        File.WriteAllText(target, ResultsIndex.Write(root, File.Exists(readme) ? File.ReadAllText(readme) : ""));
        output.WriteLine($"Written to {target}");
        return 0;
    }
}
