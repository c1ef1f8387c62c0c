using Akka.Actor;
using Akka.Persistence;

namespace EventCommitLab.Peers.AkkaJournal;

/// <summary>
/// A persistent actor that persists every command it is sent, in the given <see cref="PersistMode"/>, checks that its
/// events come back in order (when persisted and when replayed), and completes <c>done</c> once it has handled
/// <c>target</c> of them; or, made to recover, completes once its stream is replayed, failing unless it held exactly
/// <c>target</c> events.
/// </summary>
public sealed class JournalBenchActor : UntypedPersistentActor
{
    /// <summary>The group size of the original benchmark's PersistAll workloads.</summary>
    public const int GroupSize = 50;

    private readonly PersistMode _mode;
    private readonly int _target;
    private readonly TaskCompletionSource<int> _done;
    private readonly bool _recoverOnly;
    private List<JournalCommand> _group = new(GroupSize);
    private int _handled;

    // Public: Akka creates the actor through this constructor by reflection.
    public JournalBenchActor(string persistenceId, PersistMode mode, int target, bool recoverOnly, TaskCompletionSource<int> done)
    {
        PersistenceId = persistenceId;
        _mode = mode;
        _target = target;
        _recoverOnly = recoverOnly;
        _done = done;
    }

    public override string PersistenceId { get; }

    /// <summary>Props for an actor that persists <paramref name="target"/> commands sent to it.</summary>
    public static Props Persisting(string persistenceId, PersistMode mode, int target, TaskCompletionSource<int> done) =>
        Props.Create(() => new JournalBenchActor(persistenceId, mode, target, false, done));

    /// <summary>Props for an actor that only recovers its stream, which must hold <paramref name="target"/> events.</summary>
    public static Props Recovering(string persistenceId, int target, TaskCompletionSource<int> done) =>
        Props.Create(() => new JournalBenchActor(persistenceId, PersistMode.Persist, target, true, done));

    protected override void OnRecover(object message)
    {
        switch (message)
        {
            case JournalCommand command:
                Handle(command);
                break;
            case RecoveryCompleted when _recoverOnly && _handled != _target:
                _done.TrySetException(new InvalidOperationException($"{PersistenceId}: replayed {_handled} events, expected {_target}"));
                break;
            case RecoveryCompleted when _recoverOnly:
                _done.TrySetResult(_handled);
                break;
        }
    }

    protected override void OnCommand(object message)
    {
        if (message is not JournalCommand command)
        {
            Unhandled(message);
            return;
        }

        switch (_mode)
        {
            case PersistMode.Persist:
                Persist(command, Handle);
                break;
            case PersistMode.PersistAsync:
                PersistAsync(command, Handle);
                break;
            default:
                _group.Add(command);
                if (_group.Count == GroupSize || command.Payload == _target)
                {
                    var group = _group;
                    _group = new List<JournalCommand>(GroupSize);
                    if (_mode == PersistMode.PersistAll)
                    {
                        PersistAll(group, Handle);
                    }
                    else
                    {
                        PersistAllAsync(group, Handle);
                    }
                }

                break;
        }
    }

    protected override void OnPersistFailure(Exception cause, object @event, long sequenceNr)
    {
        _done.TrySetException(new InvalidOperationException($"{PersistenceId}: event {sequenceNr} failed to persist: {cause.Message}", cause));
        base.OnPersistFailure(cause, @event, sequenceNr);
    }

    protected override void OnPersistRejected(Exception cause, object @event, long sequenceNr)
    {
        _done.TrySetException(new InvalidOperationException($"{PersistenceId}: event {sequenceNr} was rejected: {cause.Message}", cause));
        base.OnPersistRejected(cause, @event, sequenceNr);
    }

    protected override void OnRecoveryFailure(Exception reason, object? message = null)
    {
        _done.TrySetException(new InvalidOperationException($"{PersistenceId}: recovery failed: {reason.Message}", reason));
        base.OnRecoveryFailure(reason, message);
    }

    private void Handle(JournalCommand command)
    {
        _handled++;
        if (command.Payload != _handled)
        {
            _done.TrySetException(new InvalidOperationException($"{PersistenceId}: event {command.Payload} came back as number {_handled}"));
            return;
        }

        if (_handled == _target && !_recoverOnly)
        {
            _done.TrySetResult(_handled);
        }
    }
}
