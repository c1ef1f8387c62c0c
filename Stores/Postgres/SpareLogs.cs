using System.Collections.Concurrent;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// The databases disposed logs left, by durability, for the next fresh log to empty and use, each with the last log's
/// pools when they were kept open. Safe from many threads.
/// </summary>
internal sealed class SpareLogs
{
    private readonly ConcurrentDictionary<PostgresDurability, ConcurrentQueue<SpareLog>> _spares = new();

    public void Add(PostgresDurability durability, SpareLog spare) => _spares.GetOrAdd(durability, _ => new()).Enqueue(spare);

    /// <summary>A spare database of <paramref name="durability"/>, or null when there is none.</summary>
    public SpareLog? Take(PostgresDurability durability) =>
        _spares.TryGetValue(durability, out var spares) && spares.TryDequeue(out var spare) ? spare : null;

    /// <summary>Every spare database, each handed out once.</summary>
    public IEnumerable<SpareLog> TakeAll()
    {
        foreach (var spares in _spares.Values)
        {
            while (spares.TryDequeue(out var spare))
            {
                yield return spare;
            }
        }
    }
}
