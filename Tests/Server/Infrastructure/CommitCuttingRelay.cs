using System.Net;
using System.Net.Sockets;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// A real TCP relay between the client and PostgreSQL that, once armed, cuts the next connection that sends COMMIT (or
/// sends the batch statement outside a transaction, which commits on its own):
/// before forwarding it (the commit never reaches the server) or after the server has answered it (the commit landed,
/// the client never hears). The fault a lost network gives, with no driver mocked.
/// </summary>
/// <remarks>What commits is read from the client's protocol messages (<see cref="FrontendMessages"/>), so a prepared statement, whose text is sent once, is still recognised each time it runs.</remarks>
public sealed class CommitCuttingRelay : IAsyncDisposable
{
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly int _serverPort;
    private readonly CancellationTokenSource _stop = new();
    private readonly List<Task> _connections = [];
    private readonly Task _accepting;
    private int _armed;

    public CommitCuttingRelay(int serverPort)
    {
        _serverPort = serverPort;
        _listener.Start();
        _accepting = AcceptAsync();
    }

    public enum Cut
    {
        None,
        BeforeCommit,
        AfterCommitLanded,

        /// <summary>
        /// For a COMMIT sent in one pipelined batch with the statements before it: the client gets their answers, the
        /// server's CommandComplete of the COMMIT (so it landed) and what follows never reach it.
        /// </summary>
        AfterBatchedCommitLanded,
    }

    public int Port => ((IPEndPoint)_listener.LocalEndpoint).Port;

    /// <summary>How many connections were cut.</summary>
    public int Cuts { get; private set; }

    /// <summary>Cuts the next connection that sends COMMIT, the given way; one cut per arming.</summary>
    public void Arm(Cut cut) => Volatile.Write(ref _armed, (int)cut);

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        _listener.Stop();
        await Task.WhenAll([_accepting, .. _connections]).ContinueWith(_ => { }, TaskScheduler.Default);
        _stop.Dispose();
    }

    private async Task AcceptAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            TcpClient client;
            try
            {
                client = await _listener.AcceptTcpClientAsync(_stop.Token);
            }
            catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
            {
                return;
            }

            lock (_connections)
            {
                _connections.Add(RelayAsync(client));
            }
        }
    }

    private async Task RelayAsync(TcpClient client)
    {
        using var server = new TcpClient();
        using (client)
        {
            try
            {
                await server.ConnectAsync(IPAddress.Loopback, _serverPort, _stop.Token);
                using var cut = CancellationTokenSource.CreateLinkedTokenSource(_stop.Token);
                var swallowReply = new TaskCompletionSource();
                var swallowCommitAnswer = new TaskCompletionSource();
                var up = PumpUpAsync(client.GetStream(), server.GetStream(), swallowReply, swallowCommitAnswer, cut);
                var down = PumpDownAsync(server.GetStream(), client.GetStream(), swallowReply, swallowCommitAnswer, cut);
                await Task.WhenAny(up, down);
                await cut.CancelAsync();
            }
            catch (Exception e) when (e is OperationCanceledException or SocketException or IOException or ObjectDisposedException)
            {
            }
        }
    }

    private async Task PumpUpAsync(NetworkStream from, NetworkStream to, TaskCompletionSource swallowReply, TaskCompletionSource swallowCommitAnswer, CancellationTokenSource cut)
    {
        var buffer = new byte[64 * 1024];
        var messages = new FrontendMessages();
        int read;
        while ((read = await from.ReadAsync(buffer, cut.Token)) > 0)
        {
            if (messages.ExecutesACommit(buffer.AsSpan(0, read)) && (Cut)Interlocked.Exchange(ref _armed, (int)Cut.None) is var armed && armed != Cut.None)
            {
                Cuts++;
                if (armed == Cut.BeforeCommit)
                {
                    return;
                }

                (armed == Cut.AfterBatchedCommitLanded ? swallowCommitAnswer : swallowReply).TrySetResult();
            }

            await to.WriteAsync(buffer.AsMemory(0, read), cut.Token);
        }
    }

    private static async Task PumpDownAsync(
        NetworkStream from, NetworkStream to, TaskCompletionSource swallowReply, TaskCompletionSource swallowCommitAnswer, CancellationTokenSource cut)
    {
        var buffer = new byte[64 * 1024];
        var answers = new BackendMessages();
        int read;
        while ((read = await from.ReadAsync(buffer, cut.Token)) > 0)
        {
            // The server's answer to the armed COMMIT: it landed; the client never hears of it.
            if (swallowReply.Task.IsCompleted)
            {
                return;
            }

            // The client sent the whole batch and waits for its answers, so the stream is at a message boundary here.
            if (swallowCommitAnswer.Task.IsCompleted)
            {
                var (forward, commitAnswered) = answers.UpToCommitComplete(buffer.AsSpan(0, read));
                await to.WriteAsync(forward, cut.Token);
                if (commitAnswered)
                {
                    return;
                }

                continue;
            }

            await to.WriteAsync(buffer.AsMemory(0, read), cut.Token);
        }
    }
}
