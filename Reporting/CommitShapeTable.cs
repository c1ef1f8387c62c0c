using System.Globalization;
using System.Text;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Reporting;

/// <summary>
/// A store's commit shapes as a table, a row per strategy: the commands of a plain and of an aggregate commit, what its
/// committers share, what the store does with a second one there, and whether it is safe with several writer processes.
/// The verdict page's carry-over section and docs/strategies.md both print it (a test holds the docs to it).
/// </summary>
public static class CommitShapeTable
{
    /// <param name="severalWriters">Whether a strategy claims to be safe with several writer processes; null for one the run or catalog does not hold (left out).</param>
    public static string Write(StoreCommitShapes store, Func<string, bool?> severalWriters)
    {
        ArgumentNullException.ThrowIfNull(store);
        ArgumentNullException.ThrowIfNull(severalWriters);
        var table = new MarkdownTable().Left("Strategy", "Plain commit", "Aggregate commit", "Committers share", $"On {store.Title} a second one there", "Several writer processes");
        foreach (var shape in store.Strategies)
        {
            if (severalWriters(shape.Strategy) is { } safe)
            {
                table.Row($"{shape.Strategy}", $"{Commands(shape.Plain)}", $"{Commands(shape.Aggregate)}", $"{shape.Shared ?? "nothing"}", $"{Second(shape.Shares)}", $"{(safe ? "safe" : "unsafe")}");
            }
        }

        return table.WriteTo(new StringBuilder()).ToString();
    }

    private static string Commands(IReadOnlyList<string> commands) => string.Create(CultureInfo.InvariantCulture, $"{commands.Count}: {string.Join(" ", commands)}");

    private static string Second(SharedWrite shares) => shares switch
    {
        SharedWrite.Nothing => "-",
        SharedWrite.OncePerBatch => "never meets one (one writer per batch)",
        SharedWrite.Atomically => "waits (atomic update outside the transaction)",
        _ => "aborted and retried",
    };
}
