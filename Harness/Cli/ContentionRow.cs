using System.Globalization;

namespace EventCommitLab.Harness.Cli;

/// <summary>A contended row of the grid: this many committers drawing their commands' aggregates from this many.</summary>
public sealed record ContentionRow(int Committers, int Aggregates)
{
    /// <summary>"C:A,C:A" or "none".</summary>
    /// <exception cref="ArgumentException">A value that is not C:A with 2 &lt;= C &lt;= 1000 and 1 &lt;= A &lt; C; the message names it.</exception>
    public static IReadOnlyList<ContentionRow> ParseList(string option, string value)
    {
        ArgumentNullException.ThrowIfNull(value);
        if (string.Equals(value.Trim(), "none", StringComparison.OrdinalIgnoreCase))
        {
            return [];
        }

        var rows = new List<ContentionRow>();
        foreach (var item in value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            var parts = item.Split(':');
            if (parts.Length != 2
                || !int.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out var committers)
                || !int.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out var aggregates)
                || committers is < 2 or > 1000 || aggregates < 1 || aggregates >= committers)
            {
                throw new ArgumentException(
                    $"{option}: '{item}' is not COMMITTERS:AGGREGATES with 2..1000 committers on fewer aggregates (at least 1), e.g. 100:10; or none.");
            }

            rows.Add(new ContentionRow(committers, aggregates));
        }

        return rows.Count > 0 ? [.. rows.Distinct()] : throw new ArgumentException($"{option} needs at least one value.");
    }
}
