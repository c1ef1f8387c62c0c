using System.Buffers.Binary;
using System.Collections.Concurrent;
using System.Net;
using System.Net.Sockets;
using EventCommitLab.Stores.Mongo.Wire;
using MongoDB.Bson;

namespace EventCommitLab.Tests.Mongo;

/// <summary>
/// An in-process stand-in that answers OP_MSG like a server, from a script, on a loopback port. Allowed only for
/// testing the MongoDB client's own wire behaviour; a script returning null leaves the request unanswered, one returning <see cref="CloseConnection"/> closes the connection.
/// </summary>
internal sealed class ScriptedMongoServer : IAsyncDisposable
{
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly Func<OpMsg, BsonDocument?> _script;
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _accepting;

    public ScriptedMongoServer(Func<OpMsg, BsonDocument?> script)
    {
        _script = script;
        _listener.Start();
        _accepting = AcceptAsync();
    }

    public MongoHost Host => new(MongoHostType.Ipv4, "127.0.0.1", ((IPEndPoint)_listener.LocalEndpoint).Port);

    public ConcurrentQueue<OpMsg> Received { get; } = new();

    /// <summary>A reply a script returns to close the connection instead of answering, as a failing network would.</summary>
    public static BsonDocument CloseConnection { get; } = new("$closeConnection", true);

    /// <summary>A hello reply of a replica-set primary, MongoDB 7-like.</summary>
    public static BsonDocument PrimaryHello(params string[] saslMechanisms) => new()
    {
        ["isWritablePrimary"] = true,
        ["setName"] = "rs0",
        ["maxWireVersion"] = 21,
        ["logicalSessionTimeoutMinutes"] = 30,
        ["saslSupportedMechs"] = new BsonArray(saslMechanisms),
        ["ok"] = 1.0,
    };

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        _listener.Stop();
        await _accepting.ContinueWith(_ => { }, TaskScheduler.Default);
        _stop.Dispose();
    }

    private async Task AcceptAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            Socket client;
            try
            {
                client = await _listener.AcceptSocketAsync(_stop.Token);
            }
            catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
            {
                return;
            }

            _ = ServeAsync(client);
        }
    }

    private async Task ServeAsync(Socket client)
    {
        using var _ = client;
        await using var stream = new NetworkStream(client, ownsSocket: false);
        var replyId = 1000;
        try
        {
            while (!_stop.IsCancellationRequested)
            {
                var header = new byte[4];
                await stream.ReadExactlyAsync(header, _stop.Token);
                var message = new byte[BinaryPrimitives.ReadInt32LittleEndian(header)];
                header.CopyTo(message, 0);
                await stream.ReadExactlyAsync(message.AsMemory(4), _stop.Token);
                var request = OpMsg.Decode(message);
                Received.Enqueue(request);
                if (_script(request) is not { } reply)
                {
                    await Task.Delay(Timeout.Infinite, _stop.Token);
                    return;
                }

                if (ReferenceEquals(reply, CloseConnection))
                {
                    return;
                }

                await stream.WriteAsync(new OpMsg(++replyId, request.RequestId, OpMsgFlags.None, reply, []).Encode(), _stop.Token);
            }
        }
        catch (Exception e) when (e is OperationCanceledException or IOException or EndOfStreamException or SocketException)
        {
        }
    }
}
