using System.Collections.Concurrent;

namespace EventCommitLab.Stores.Postgres;

/// <summary>The databases disposed logs left, by durability, for the next fresh log to empty and use. Safe from many threads.</summary>
internal sealed class SpareLogs
{
    private readonly ConcurrentDictionary<PostgresDurability, ConcurrentQueue<string>> _spares = new();

    public void Add(PostgresDurability durability, string database) => _spares.GetOrAdd(durability, _ => new()).Enqueue(database);

    /// <summary>A spare database of <paramref name="durability"/>, or null when there is none.</summary>
    public string? Take(PostgresDurability durability) =>
        _spares.TryGetValue(durability, out var spares) && spares.TryDequeue(out var database) ? database : null;

    /// <summary>Every spare database, each handed out once.</summary>
    public IEnumerable<string> TakeAll()
    {
        foreach (var spares in _spares.Values)
        {
            while (spares.TryDequeue(out var database))
            {
                yield return database;
            }
        }
    }
}
