using EventCommitLab.Stores.Postgres;
using EventCommitLab.Stores.Postgres.Server;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// A private PostgreSQL of one test class's own, in a temporary folder removed afterwards: for faults that would hurt
/// the other tests on the shared one (killing the server).
/// </summary>
internal sealed class OwnPostgres : IAsyncDisposable
{
    private OwnPostgres(string tempRoot, PostgresStoreProvider provider)
    {
        TempRoot = tempRoot;
        Provider = provider;
    }

    /// <summary>The folder the server lives in; a test may put its own files there too.</summary>
    public string TempRoot { get; }

    public PostgresStoreProvider Provider { get; }

    public PrivatePostgresServer Server => (PrivatePostgresServer)Provider.Server;

    public static async Task<OwnPostgres> StartAsync(string purpose)
    {
        var tempRoot = Path.Combine(Path.GetTempPath(), $"commit-lab-{purpose}-{Guid.NewGuid().ToString("N")[..8]}");
        var provider = await PostgresStoreProvider.ConnectAsync(
            await PrivatePostgresServer.StartAsync(new PrivatePostgresOptions { TempRoot = tempRoot }, CancellationToken.None), CancellationToken.None);
        return new OwnPostgres(tempRoot, provider);
    }

    public async ValueTask DisposeAsync()
    {
        await Provider.DisposeAsync();
        if (Directory.Exists(TempRoot))
        {
            Directory.Delete(TempRoot, recursive: true);
        }
    }
}
