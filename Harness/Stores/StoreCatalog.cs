using EventCommitLab.Stores.Mongo;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies;

namespace EventCommitLab.Harness.Stores;

/// <summary>Every store the harness can run on, by name, as <c>StrategyCatalog</c> is for strategies. Adding a store is its project (with its module, an <see cref="Contract.Port.IStoreModule"/>) and one line here.</summary>
internal static class StoreCatalog
{
    // Registrations added for one flow of control only, as StrategyCatalog's: how a test proves a store's line is enough.
    private static readonly AsyncLocal<IReadOnlyList<StoreRegistration>?> Added = new();

    private static readonly IReadOnlyList<StoreRegistration> Lab =
    [
        StoreRegistration.For(new PostgresStoreModule()),
        StoreRegistration.For(new MongoStoreModule()),
    ];

    /// <summary>Every store, in catalog order: what the command line, the help and the tests' stores are derived from.</summary>
    public static IReadOnlyList<StoreRegistration> All => Added.Value is { } added ? [.. Lab, .. added] : Lab;

    public static IEnumerable<string> Names => All.Select(s => s.Name);

    public static StoreRegistration Get(string name) =>
        All.FirstOrDefault(s => string.Equals(s.Name, name, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException($"--store: unknown value '{name}'. Valid values: {string.Join(", ", Names)}.");

    /// <summary>The stores whose provider offers <typeparamref name="TPort"/>: the ones a suite that needs it runs on.</summary>
    public static IEnumerable<string> Offering<TPort>() => All.Where(s => s.Offers<TPort>()).Select(s => s.Name);

    /// <summary>The catalog with <paramref name="registration"/> as one more line, for the calling flow of control until disposed.</summary>
    public static IDisposable Including(StoreRegistration registration)
    {
        var before = Added.Value;
        Added.Value = [.. before ?? [], registration];
        return new CatalogScope(() => Added.Value = before);
    }
}
