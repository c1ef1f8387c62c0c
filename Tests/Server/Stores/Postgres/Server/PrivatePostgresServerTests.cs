using System.Diagnostics;
using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Stores.Postgres.Server;
using EventCommitLab.Tests.Infrastructure;
using Npgsql;

namespace EventCommitLab.Tests.Stores.Postgres.Server;

/// <summary>The private server's life: each test starts its own under a temp root of its own, and leaves nothing behind.</summary>
public sealed class PrivatePostgresServerTests : IDisposable
{
    private readonly string _tempRoot = Path.Combine(Path.GetTempPath(), $"commit-lab-tests-{Guid.NewGuid().ToString("N")[..8]}");

    public void Dispose()
    {
        if (Directory.Exists(_tempRoot))
        {
            Directory.Delete(_tempRoot, recursive: true);
        }
    }

    [Fact]
    public async Task starts_answers_with_durable_settings_and_is_removed_on_dispose()
    {
        var server = await PrivatePostgresServer.StartAsync(new PrivatePostgresOptions { TempRoot = _tempRoot }, CancellationToken.None);
        var folder = server.InstanceFolder;
        var pid = server.ProcessId!.Value;

        await using (var provider = await PostgresStoreProvider.ConnectAsync(server, CancellationToken.None))
        {
            Assert.Contains("fsync=on", provider.Description, StringComparison.Ordinal);
            Assert.Contains("synchronous_commit=on", provider.Description, StringComparison.Ordinal);
            Assert.Contains("max_connections=1000", provider.Description, StringComparison.Ordinal);
            Assert.True(Process.GetProcessById(pid) is { HasExited: false });
        }

        Assert.False(Directory.Exists(folder));
        Assert.False(Directory.Exists(_tempRoot));
        Assert.False(IsRunning(pid));
    }

    [Fact]
    public async Task a_temp_root_too_deep_for_a_unix_socket_still_gives_a_server_over_tcp()
    {
        var deep = Path.Combine(_tempRoot, new string('d', 60), new string('e', 60));

        await using var server = await PrivatePostgresServer.StartAsync(new PrivatePostgresOptions { TempRoot = deep }, CancellationToken.None);

        await AssertAnswersAsync(server);
    }

    [Fact]
    public async Task a_reused_temp_root_with_leftovers_of_a_killed_run_does_not_break_the_next_start()
    {
        var deadOwner = ExitedProcessId();
        var stale = Path.Combine(_tempRoot, $"pg-{deadOwner}-leftover");
        Directory.CreateDirectory(Path.Combine(stale, "data"));
        await File.WriteAllTextAsync(Path.Combine(stale, "data", "postmaster.pid"), $"{ExitedProcessId()}\n", TestContext.Current.CancellationToken);
        var unrelated = Path.Combine(_tempRoot, "not-an-instance");
        Directory.CreateDirectory(unrelated);

        await using (var server = await PrivatePostgresServer.StartAsync(new PrivatePostgresOptions { TempRoot = _tempRoot }, CancellationToken.None))
        {
            await AssertAnswersAsync(server);
            Assert.False(Directory.Exists(stale));
            Assert.True(Directory.Exists(unrelated));
        }

        await using var again = await PrivatePostgresServer.StartAsync(new PrivatePostgresOptions { TempRoot = _tempRoot }, CancellationToken.None);
        await AssertAnswersAsync(again);
    }

    [Fact]
    public async Task a_server_whose_owner_process_dies_is_stopped_and_removed_by_its_watchdog()
    {
        using var owner = Process.Start(new ProcessStartInfo("sleep", ["600"]) { RedirectStandardOutput = true, RedirectStandardInput = true })!;
        var server = await PrivatePostgresServer.StartAsync(
            new PrivatePostgresOptions { TempRoot = _tempRoot, OwnerProcessId = owner.Id }, CancellationToken.None);
        var pid = server.ProcessId!.Value;

        owner.Kill();
        await owner.WaitForExitAsync(TestContext.Current.CancellationToken);
        var gone = await EventuallyAsync(() => !Directory.Exists(server.InstanceFolder) && !IsRunning(pid), TimeSpan.FromSeconds(60));
        await server.DisposeAsync();

        Assert.True(gone, "the watchdog should have stopped the server and removed its folder once the owner died");
    }

    [Fact]
    public async Task a_server_whose_runuser_wrapper_died_is_still_stopped_and_removed()
    {
        var server = await PrivatePostgresServer.StartAsync(new PrivatePostgresOptions { TempRoot = _tempRoot }, CancellationToken.None);
        var pid = server.ProcessId!.Value;
        var wrapper = UnixProcesses.ParentOf(pid);
        Assert.SkipUnless(wrapper is { } w && File.ReadAllText($"/proc/{w}/comm").Trim() == "runuser", "the lab runs PostgreSQL through runuser only as root");

        UnixProcesses.Signal(wrapper!.Value, UnixProcesses.SigKill);
        Assert.True(await EventuallyAsync(() => !IsRunning(wrapper.Value), TimeSpan.FromSeconds(10)));
        Assert.True(IsRunning(pid), "the postmaster outlives its wrapper, as it did when the lab left it orphaned");
        await server.DisposeAsync();

        Assert.False(IsRunning(pid));
        Assert.False(Directory.Exists(server.InstanceFolder));
    }

    [Fact]
    public async Task no_binaries_and_no_connection_string_is_one_clear_error_naming_both_ways_out()
    {
        var error = await Assert.ThrowsAsync<StoreSetupException>(() => PrivatePostgresServer.StartAsync(
            new PrivatePostgresOptions { TempRoot = _tempRoot, SearchPlaces = [Path.Combine(_tempRoot, "no-postgres-here")] }, CancellationToken.None));

        Assert.Contains("No PostgreSQL server programs", error.Message, StringComparison.Ordinal);
        Assert.Contains("no-postgres-here", error.Message, StringComparison.Ordinal);
        Assert.Contains("PG_BIN_DIR", error.Message, StringComparison.Ordinal);
        Assert.Contains("PG_CONNECTION", error.Message, StringComparison.Ordinal);
        Assert.False(Directory.Exists(_tempRoot));
    }

    [Fact]
    public async Task a_named_bin_folder_without_the_server_programs_is_a_clear_error()
    {
        Directory.CreateDirectory(_tempRoot);

        var error = await Assert.ThrowsAsync<StoreSetupException>(() => PrivatePostgresServer.StartAsync(
            new PrivatePostgresOptions { TempRoot = _tempRoot, BinDirectory = _tempRoot }, CancellationToken.None));

        Assert.Contains($"'{_tempRoot}'", error.Message, StringComparison.Ordinal);
        Assert.Contains("initdb, pg_ctl, postgres", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task an_unreachable_connection_string_is_a_clear_error_naming_the_host()
    {
        var closedPort = LoopbackPorts.Free();

        var error = await Assert.ThrowsAsync<StoreSetupException>(() => PostgresStoreProvider.StartAsync(
            new PostgresStoreConfiguration { ConnectionString = $"Host=127.0.0.1;Port={closedPort};Username=nobody" }, null, CancellationToken.None));

        Assert.Contains($"127.0.0.1:{closedPort}", error.Message, StringComparison.Ordinal);
        Assert.Contains("PG_CONNECTION", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task an_invalid_connection_string_is_a_clear_error()
    {
        var error = await Assert.ThrowsAsync<StoreSetupException>(() => PostgresStoreProvider.StartAsync(
            new PostgresStoreConfiguration { ConnectionString = "Hots=nowhere" }, null, CancellationToken.None));

        Assert.Contains("connection string is not valid", error.Message, StringComparison.Ordinal);
    }

    private static async Task AssertAnswersAsync(PrivatePostgresServer server)
    {
        await using var connection = new NpgsqlConnection(server.AdminConnectionString);
        await connection.OpenAsync();
        await using var command = new NpgsqlCommand("SELECT 1", connection);
        Assert.Equal(1, await command.ExecuteScalarAsync());
    }

    private static bool IsRunning(int pid)
    {
        try
        {
            using var process = Process.GetProcessById(pid);
            return !process.HasExited && !File.ReadAllText($"/proc/{pid}/stat").Contains(") Z ", StringComparison.Ordinal);
        }
        catch (Exception e) when (e is ArgumentException or IOException or InvalidOperationException)
        {
            return false;
        }
    }

    private static int ExitedProcessId()
    {
        using var process = Process.Start(new ProcessStartInfo("true") { RedirectStandardOutput = true })!;
        process.WaitForExit();
        return process.Id;
    }

    private static async Task<bool> EventuallyAsync(Func<bool> condition, TimeSpan limit)
    {
        var until = DateTime.UtcNow + limit;
        while (!condition())
        {
            if (DateTime.UtcNow > until)
            {
                return false;
            }

            await Task.Delay(200);
        }

        return true;
    }
}
