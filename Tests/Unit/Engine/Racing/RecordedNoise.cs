using System.Globalization;

namespace EventCommitLab.Tests.Engine.Racing;

/// <summary>
/// The round noise of the lab's committed runs, stalls included, as `-- stalls --noise` wrote it: each qualifying
/// window's deviation from its contender's usual ratio, and each long-raced contender's rounds against the others raced
/// beside it, less its own trimmed mean (log scale).
/// </summary>
internal static class RecordedNoise
{
    private static readonly Lazy<(double[] Qualifying, double[] Rounds)> Pools = new(Read);

    public static IReadOnlyList<double> Qualifying => Pools.Value.Qualifying;

    public static IReadOnlyList<double> Rounds => Pools.Value.Rounds;

    private static (double[] Qualifying, double[] Rounds) Read()
    {
        var path = Path.Combine(AppContext.BaseDirectory, "Engine", "Racing", "Data", "recorded-noise.txt");
        var sections = new Dictionary<string, List<double>>(StringComparer.Ordinal);
        List<double>? current = null;
        foreach (var line in File.ReadLines(path))
        {
            if (line.StartsWith('#') || line.Length == 0)
            {
                continue;
            }

            if (line.StartsWith('['))
            {
                current = sections[line.Trim('[', ']')] = [];
                continue;
            }

            current!.Add(double.Parse(line, CultureInfo.InvariantCulture));
        }

        return ([.. sections["qualifying"]], [.. sections["rounds"]]);
    }
}
