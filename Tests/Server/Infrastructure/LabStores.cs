using System.Collections.Concurrent;
using EventCommitLab.Contract.Port;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Stores;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// The stores every store-backed test runs on, each started once per test run on first use and stopped at its end.
/// A store joins them by its line in the harness's <see cref="StoreCatalog"/>.
/// </summary>
public sealed class LabStores : IAsyncLifetime
{
    /// <summary>Every store of the harness's catalog, started from the environment; a store that cannot run here gives its reason instead.</summary>
    public static IReadOnlyList<TestStore> All =>
    [
        .. StoreCatalog.All.Select(store => new TestStore(
            store.Name,
            ct => store.StartAsync(Environment, _ => { }, ct),
            () => store.UnavailableBecause(Environment))),
    ];

    private static HarnessOptions Environment => HarnessOptions.FromEnvironment();

    private readonly ConcurrentDictionary<string, Lazy<Task<IEventStoreProvider>>> _started = new();

    public static TheoryData<string> Names => [.. All.Select(s => s.Name)];

    /// <summary>A fresh, empty log on the named store; the test is skipped, with the reason, when the store is not available here.</summary>
    public async Task<IEventLog> FreshStoreAsync(string name) => await (await ProviderAsync(name)).CreateFreshLogAsync(CancellationToken.None);

    /// <summary>The named store's server, started once; the test is skipped, with the reason, when the store is not available here.</summary>
    public async Task<IEventStoreProvider> ProviderAsync(string name)
    {
        var store = All.Single(s => s.Name == name);
        if (store.SkipReason() is { } reason)
        {
            Assert.Skip(reason);
        }
        return await _started.GetOrAdd(name, _ => new Lazy<Task<IEventStoreProvider>>(() => store.StartAsync(CancellationToken.None))).Value;
    }

    /// <summary>A fresh DCB log on the private PostgreSQL.</summary>
    public async Task<IDcbLog> FreshDcbLogAsync() =>
        await ((IDcbLogProvider)await ProviderAsync("postgres")).CreateDcbLogAsync(CancellationToken.None);

    /// <summary>A strategy on a fresh log, with a ledger of its commits.</summary>
    public async Task<StrategyRun> StartRunAsync(
        string storeName, string strategyName, Func<IEventLog, IEventLog>? wrap = null, CommitStrategyOptions? options = null)
    {
        var store = await FreshStoreAsync(storeName);
        var registration = StrategyCatalog.Get(strategyName);
        if (registration.UnavailableOn(store) is { } reason)
        {
            await store.DisposeAsync();
            Assert.Skip($"{strategyName} is not available on {storeName}: {reason}");
        }

        store = wrap?.Invoke(store) ?? store;
        return new StrategyRun(store, registration, options ?? new CommitStrategyOptions());
    }

    public ValueTask InitializeAsync() => ValueTask.CompletedTask;

    public async ValueTask DisposeAsync()
    {
        foreach (var started in _started.Values.Where(s => s.IsValueCreated))
        {
            if (started.Value.IsCompletedSuccessfully)
            {
                await started.Value.Result.DisposeAsync();
            }
        }
    }
}
