namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// One private PostgreSQL for every case of a test class whose cases hurt the server and bring it back, each case in a
/// fresh database of it: a server started per case cost about as much as the shorter cases themselves.
/// </summary>
public sealed class OwnPostgresFixture : IAsyncLifetime
{
    private OwnPostgres? _own;

    internal OwnPostgres Own => _own ?? throw new InvalidOperationException("The fixture's server has not been started.");

    public async ValueTask InitializeAsync() => _own = await OwnPostgres.StartAsync("class");

    public async ValueTask DisposeAsync()
    {
        if (_own is not null)
        {
            await _own.DisposeAsync();
        }
    }
}
