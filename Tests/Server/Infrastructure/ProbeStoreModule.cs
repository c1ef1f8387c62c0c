using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// A test-only store: PostgreSQL under another name, with an option of its own. Added to the store catalog by one line,
/// for one test's flow of control, it proves that a store's module and that line are all a store needs.
/// </summary>
public sealed class ProbeStoreModule : StoreModule<ProbeStoreSettings>
{
    public static readonly StoreOption Note = new("--probe-note", "TEXT", "the test-only store's own option");

    private readonly PostgresStoreModule _postgres = new();

    public override string Name => "probe";

    public override Type Provider => _postgres.Provider;

    public override IReadOnlyList<StoreOption> Options { get; } = [Note];

    public override ProbeStoreSettings FromEnvironment() => new() { Postgres = _postgres.FromEnvironment() };

    public override ProbeStoreSettings? Apply(ProbeStoreSettings settings, StoreOption option, IReadOnlyList<string> values) =>
        option == Note ? settings with { Note = values[0] } : null;

    public override Task<IEventStoreProvider> StartAsync(ProbeStoreSettings settings, Action<string> log, CancellationToken cancellationToken) =>
        _postgres.StartAsync(settings.Postgres, log, cancellationToken);

    public override string Durability(ProbeStoreSettings settings) => _postgres.Durability(settings.Postgres);

    public override Func<string, IEventLog>? OpenAt => _postgres.OpenAt;
}
