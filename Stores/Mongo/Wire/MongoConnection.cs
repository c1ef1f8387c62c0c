using System.Buffers.Binary;
using System.Net.Security;
using System.Net.Sockets;
using System.Runtime.InteropServices;
using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// One connection to one server: TCP (or a Unix socket), TLS when asked, the hello handshake with client metadata,
/// SCRAM authentication, then commands as OP_MSG, one at a time. A connection that saw a network or protocol error is
/// broken and must not be reused.
/// </summary>
public sealed class MongoConnection : IMongoCommandRunner, IAsyncDisposable
{
    private readonly Socket _socket;
    private readonly Stream _stream;
    private readonly MongoClusterClock? _clock;
    private bool _established;
    private int _nextRequestId;

    private MongoConnection(MongoHost host, Socket socket, Stream stream, MongoClusterClock? clock)
    {
        Host = host;
        _socket = socket;
        _stream = stream;
        _clock = clock;
    }

    public MongoHost Host { get; }

    public HelloResult Hello { get; private set; } = new(new BsonDocument());

    /// <summary>True once a network or protocol error has made the connection unusable.</summary>
    public bool IsBroken { get; private set; }

    /// <exception cref="MongoConnectionException">The server could not be reached, did not answer in time, or refused the credentials; the message names the host.</exception>
    public static async Task<MongoConnection> OpenAsync(MongoHost host, MongoConnectionSettings settings, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(host);
        ArgumentNullException.ThrowIfNull(settings);
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        deadline.CancelAfter(settings.ConnectTimeout);
        Socket? socket = null;
        MongoConnection? connection = null;
        try
        {
            socket = host.Type == MongoHostType.Unix
                ? new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified)
                : new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
            if (host.Type == MongoHostType.Unix)
            {
                await socket.ConnectAsync(new UnixDomainSocketEndPoint(host.Host), deadline.Token).ConfigureAwait(false);
            }
            else
            {
                await socket.ConnectAsync(host.Host, host.Port ?? MongoHost.DefaultPort, deadline.Token).ConfigureAwait(false);
            }

            Stream stream = new NetworkStream(socket, ownsSocket: false);
            if (settings.Tls)
            {
                var tls = new SslStream(stream, leaveInnerStreamOpen: false);
                await tls.AuthenticateAsClientAsync(new SslClientAuthenticationOptions { TargetHost = host.Host }, deadline.Token).ConfigureAwait(false);
                stream = tls;
            }

            connection = new MongoConnection(host, socket, stream, settings.ClusterClock);
            connection.Hello = new HelloResult(await connection.RunCommandAsync("admin", HelloCommand(settings), null, deadline.Token).ConfigureAwait(false));
            if (settings.Credential is { } credential)
            {
                await connection.AuthenticateAsync(credential, deadline.Token).ConfigureAwait(false);
            }

            connection._established = true;
            return connection;
        }
        catch (Exception e) when (e is SocketException or IOException or MongoNetworkException or OperationCanceledException or MongoProtocolException or System.Security.Authentication.AuthenticationException
                                  || (e is MongoAuthenticationException or MongoServerException && connection is not null))
        {
            if (connection is not null)
            {
                await connection.DisposeAsync().ConfigureAwait(false);
            }
            else
            {
                socket?.Dispose();
            }

            cancellationToken.ThrowIfCancellationRequested();
            var why = e switch
            {
                OperationCanceledException => $"no answer within {settings.ConnectTimeout.TotalSeconds:0.#} s (connectTimeoutMS)",
                MongoNetworkException { InnerException: { } inner } => inner.Message,
                _ => e.Message,
            };
            throw new MongoConnectionException(host, why, e);
        }
    }

    /// <summary>Runs a command on a database; returns the reply, or throws <see cref="MongoServerException"/> for a failed one.</summary>
    public async Task<BsonDocument> RunCommandAsync(
        string database, BsonDocument command, IReadOnlyList<DocumentSequence>? sequences, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(command);
        ObjectDisposedException.ThrowIf(IsBroken, this);
        var name = command.ElementCount > 0 ? command.GetElement(0).Name : "?";
        var body = new BsonDocument(command) { ["$db"] = database };
        // Not on the handshake: a connection gossips only once it is established (and authenticated).
        if (_clock?.Current is { } clusterTime && _established && !body.Contains("$clusterTime"))
        {
            body["$clusterTime"] = clusterTime;
        }

        var request = new OpMsg(Interlocked.Increment(ref _nextRequestId), 0, OpMsgFlags.None, body, sequences ?? []);
        OpMsg reply;
        try
        {
            var bytes = request.Encode();
            if (bytes.Length > Math.Max(Hello.MaxMessageBytes, 1024))
            {
                throw new ArgumentException($"The {name} command is {bytes.Length} bytes, more than the server's maxMessageSizeBytes ({Hello.MaxMessageBytes}).");
            }

            await _stream.WriteAsync(bytes, cancellationToken).ConfigureAwait(false);
            reply = await ReadAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is IOException or SocketException or OperationCanceledException or MongoProtocolException)
        {
            // A command cut off halfway leaves the stream at an unknown position: nothing more can be read from it.
            IsBroken = true;
            if (e is IOException or SocketException)
            {
                throw new MongoNetworkException(Host, name, e);
            }

            throw;
        }

        if (reply.ResponseTo != request.RequestId)
        {
            IsBroken = true;
            throw new MongoProtocolException($"a reply to request {reply.ResponseTo} came for request {request.RequestId}");
        }

        _clock?.Advance(reply.Body);
        MongoServerException.ThrowIfFailed(name, reply.Body);
        return reply.Body;
    }

    public async ValueTask DisposeAsync()
    {
        IsBroken = true;
        await _stream.DisposeAsync().ConfigureAwait(false);
        _socket.Dispose();
    }

    private static BsonDocument HelloCommand(MongoConnectionSettings settings)
    {
        var client = new BsonDocument
        {
            ["driver"] = new BsonDocument { ["name"] = "event-commit-lab", ["version"] = typeof(MongoConnection).Assembly.GetName().Version?.ToString() ?? "0" },
            ["os"] = new BsonDocument { ["type"] = OperatingSystem.IsLinux() ? "Linux" : OperatingSystem.IsWindows() ? "Windows" : OperatingSystem.IsMacOS() ? "Darwin" : "unknown" },
            ["platform"] = RuntimeInformation.FrameworkDescription,
        };
        if (settings.AppName is { } app)
        {
            client["application"] = new BsonDocument("name", app);
        }

        var hello = new BsonDocument { ["hello"] = 1, ["helloOk"] = true, ["client"] = client };
        if (settings.Credential is { Mechanism: null } credential)
        {
            hello["saslSupportedMechs"] = $"{credential.Source}.{credential.Username}";
        }

        return hello;
    }

    private async Task AuthenticateAsync(MongoCredential credential, CancellationToken cancellationToken)
    {
        var hash = credential.Mechanism switch
        {
            "SCRAM-SHA-1" => ScramHash.Sha1,
            "SCRAM-SHA-256" => ScramHash.Sha256,
            _ => Hello.SaslSupportedMechanisms.Contains("SCRAM-SHA-256") || Hello.SaslSupportedMechanisms.Count == 0 ? ScramHash.Sha256 : ScramHash.Sha1,
        };
        var scram = ScramConversation.ForMongo(hash, credential.Username, credential.Password
            ?? throw new MongoAuthenticationException($"the connection string gives {credential} no password, which SCRAM needs"));
        var mechanism = hash == ScramHash.Sha1 ? "SCRAM-SHA-1" : "SCRAM-SHA-256";
        var reply = await RunCommandAsync(credential.Source, new BsonDocument
        {
            ["saslStart"] = 1,
            ["mechanism"] = mechanism,
            ["payload"] = new BsonBinaryData(System.Text.Encoding.UTF8.GetBytes(scram.ClientFirst)),
            ["options"] = new BsonDocument("skipEmptyExchange", true),
        }, null, cancellationToken).ConfigureAwait(false);

        var clientFinal = scram.ClientFinal(Payload(reply));
        reply = await RunCommandAsync(credential.Source, new BsonDocument
        {
            ["saslContinue"] = 1,
            ["conversationId"] = reply["conversationId"],
            ["payload"] = new BsonBinaryData(System.Text.Encoding.UTF8.GetBytes(clientFinal)),
        }, null, cancellationToken).ConfigureAwait(false);
        scram.VerifyServerFinal(Payload(reply));

        // Servers that ignore skipEmptyExchange want one more, empty round.
        while (!reply.GetValue("done", false).ToBoolean())
        {
            reply = await RunCommandAsync(credential.Source, new BsonDocument
            {
                ["saslContinue"] = 1,
                ["conversationId"] = reply["conversationId"],
                ["payload"] = new BsonBinaryData([]),
            }, null, cancellationToken).ConfigureAwait(false);
        }

        static string Payload(BsonDocument reply) => System.Text.Encoding.UTF8.GetString(reply["payload"].AsBsonBinaryData.Bytes);
    }

    private async Task<OpMsg> ReadAsync(CancellationToken cancellationToken)
    {
        var header = new byte[4];
        await _stream.ReadExactlyAsync(header, cancellationToken).ConfigureAwait(false);
        var length = BinaryPrimitives.ReadInt32LittleEndian(header);
        if (length < OpMsg.HeaderLength + 5 || length > Math.Max(Hello.MaxMessageBytes, OpMsg.DefaultMaxMessageBytes))
        {
            throw new MongoProtocolException($"a reply announces {length} bytes");
        }

        var message = new byte[length];
        header.CopyTo(message, 0);
        await _stream.ReadExactlyAsync(message.AsMemory(4), cancellationToken).ConfigureAwait(false);
        return OpMsg.Decode(message);
    }
}
