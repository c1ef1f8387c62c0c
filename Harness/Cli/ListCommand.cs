using System.CommandLine;
using EventCommitLab.Harness.Stores;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Strategies;

namespace EventCommitLab.Harness.Cli;

/// <summary><c>list strategies|stores|suites</c>: what the catalogs hold, one name per line, for scripts (CI's smoke run reads it).</summary>
public static class ListCommand
{
    public const string Name = "list";

    private static readonly IReadOnlyDictionary<string, Func<IEnumerable<string>>> Lists = new Dictionary<string, Func<IEnumerable<string>>>
    {
        ["strategies"] = () => StrategyCatalog.Names,
        ["stores"] = () => StoreCatalog.Names,
        ["suites"] = () => SuiteCatalog.All.Select(s => s.Name),
    };

    private static readonly Argument<string> What = new("WHAT")
    {
        Description = $"what to list: {string.Join(", ", Lists.Keys)}",
        CustomParser = result =>
        {
            try
            {
                return OptionValues.OneOf("list", result.Tokens[0].Value, [.. Lists.Keys]);
            }
            catch (ArgumentException e)
            {
                result.AddError(e.Message);
                return "";
            }
        },
    };

    /// <summary><c>list</c> on the command line.</summary>
    internal static LabVerb Verb => new LabVerb(
        Name, "the names the catalogs hold, one per line: the strategies, the stores or the suites", "", [],
        (r, o) => o with { Verb = Name, VerbArguments = [r.GetValue(What)!] },
        startsStore: false)
    {
        Arguments = { What },
    };

    public static int Run(string what, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(output);
        foreach (var name in Lists[what]())
        {
            output.WriteLine(name);
        }

        return ExitCodes.Verified;
    }
}
